import * as HashMap from 'effect/HashMap'
import * as Result from 'effect/Result'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decide } from '../../../domain/decide.ts'
import { evolve } from '../../../domain/evolve.ts'
import type { BudgetState } from '../../../domain/state.ts'
import {
  summaryOf,
  type TransactionsNeeded,
  transactionsNeeded,
  withTransactions,
} from '../../../domain/summary.ts'
import type { Transaction } from '../../../schemas/budget.ts'
import type { BudgetCommand } from '../../../schemas/budgetCommands.ts'
import { propertyBudget, sequences, snapshot, toCommand } from './sequences.ts'

/** What the server's query loads for `needed` (server/ledger/read.ts#readNeededTransactions), from a full state. */
const loaded = (state: BudgetState, needed: TransactionsNeeded): Transaction[] => {
  const all = [...HashMap.values(state.transactions)]
  const named = all.filter((transaction) => needed.ids.has(transaction.id))
  const transfers = new Set([
    ...needed.transferIds,
    ...named.flatMap((transaction) => transaction.transferId ?? []),
  ])
  return all.filter(
    (transaction) =>
      needed.ids.has(transaction.id) ||
      (transaction.transferId !== null && transfers.has(transaction.transferId)) ||
      (needed.clearedOf.has(transaction.bankAccountId) && transaction.cleared && !transaction.reconciled),
  )
}

const decisionOf = (command: BudgetCommand, state: BudgetState) => {
  const decision = decide(command, state)
  return Result.isSuccess(decision) ? { events: decision.success } : { refusal: decision.failure }
}

describe('a summary with the transactions a command needs', () => {
  it('decides every command as the whole state does, and folds its events into the same aggregates (1 000 random sequences)', () => {
    fc.assert(
      fc.property(sequences, (actions) => {
        let state = propertyBudget().state
        const transactionIds: string[] = []
        actions.forEach((action, index) => {
          const created: string[] = []
          const command = toCommand(action, index, transactionIds, created)
          const given = withTransactions(summaryOf(state), loaded(state, transactionsNeeded([command])))
          const whole = decisionOf(command, state)
          expect(decisionOf(command, given)).toEqual(whole)
          if (whole.events === undefined) return
          transactionIds.push(...created)
          let folded = given
          for (const event of whole.events) {
            folded = evolve(folded, event)
            state = evolve(state, event)
          }
          const picture = snapshot(summaryOf(folded))
          const expected = snapshot(summaryOf(state))
          if (JSON.stringify(picture) !== JSON.stringify(expected)) expect(picture).toEqual(expected)
        })
      }),
      { numRuns: 1_000 },
    )
  })

  it('links the two sides of a transfer it is given, outflow and inflow', () => {
    const side = (id: string, value: number) =>
      ({
        id,
        bankAccountId: 'a',
        date: '2025-01-01',
        payee: '',
        memo: '',
        value,
        direction: 'Internal',
        kind: 'Regular',
        cleared: false,
        reconciled: false,
        splits: [],
        transferId: 'x',
      }) as unknown as Transaction
    const state = withTransactions(summaryOf(propertyBudget().state), [side('in', 500), side('out', -500)])
    expect(HashMap.toEntries(state.transfers)).toEqual([
      ['x', { outflowTransactionId: 'out', inflowTransactionId: 'in' }],
    ])
    expect(HashMap.size(summaryOf(state).transactions)).toBe(0)
  })
})
