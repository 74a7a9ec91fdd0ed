import { fromPromise } from 'xstate'
import type { BudgetsPort, ListOutcome, WriteOutcome } from './budgets.port.ts'
import type { BudgetWrite } from './budgets.write.ts'

/** A port that throws (a bug, not an expected failure) still answers with a value: SPEC §8's bare 500 toast. */
export const listBudgets = fromPromise<ListOutcome, { readonly port: BudgetsPort }>(
  async ({ input, signal }) => {
    try {
      return await input.port.list(signal)
    } catch {
      return { ok: false, error: {} }
    }
  },
)

export type WriteInput = { readonly port: BudgetsPort; readonly write: BudgetWrite }

export const writeBudget = fromPromise<WriteOutcome, WriteInput>(
  async ({ input: { port, write }, signal }) => {
    try {
      switch (write.kind) {
        case 'create':
          return await port.create(
            {
              name: write.name,
              currency: write.currency,
              ...(write.starter === undefined ? {} : { starter: write.starter }),
            },
            write.key,
            signal,
          )
        case 'update':
          return await port.update(
            write.budgetId,
            {
              ...(write.name === undefined ? {} : { name: write.name }),
              ...(write.currency === undefined ? {} : { currency: write.currency }),
            },
            signal,
          )
        case 'delete':
          return await port.remove(write.budgetId, signal)
        case 'reset':
          return await port.reset(write.budgetId, write.date, signal)
      }
    } catch {
      return { outcome: 'failed', error: {} }
    }
  },
)
