import { assign, fromPromise, setup } from 'xstate'
import type { Transaction } from '../../schemas/budget.ts'
import type { CategoryId } from '../../schemas/ids.ts'
import type { PeriodKey } from '../../schemas/money.ts'
import type { ApiErrorLike } from '../toasts/toasts.errors.ts'
import { type CategoryTransaction, categoryTransactionsOf } from './selectors/category.ts'

export type CategoryMonthOutcome =
  | { readonly ok: true; readonly transactions: ReadonlyArray<Transaction> }
  | { readonly ok: false; readonly error: ApiErrorLike }

export type CategoryMonthInput = {
  /** One read of the category's month from the server (the view binds budget, category and month). */
  readonly read: (signal: AbortSignal) => Promise<CategoryMonthOutcome>
  readonly categoryId: CategoryId
  readonly periodKey: PeriodKey
  /** The open budget's version when the read starts; a newer one reads again. */
  readonly version: number
}

export type CategoryMonthEvent = { readonly type: 'budget.versionChanged'; readonly version: number }

type CategoryMonthContext = CategoryMonthInput & {
  /** The last answer's transactions; kept while a newer version is read, so the list does not flicker. */
  readonly transactions: ReadonlyArray<Transaction> | null
}

/**
 * One category's transactions in one month, read from the server's page (`GET …/transactions?categoryId&period`)
 * while the open budget holds only its summary: the inspector of a 100 000-transaction budget then reads a few
 * rows instead of the whole state (44 MB). Every new budget version (a write here or on another device) reads
 * again. Once the budget has loaded its transactions, the view lists them from there instead.
 */
export const categoryMonthMachine = setup({
  types: {
    context: {} as CategoryMonthContext,
    input: {} as CategoryMonthInput,
    events: {} as CategoryMonthEvent,
  },
  actors: {
    readMonth: fromPromise<CategoryMonthOutcome, Pick<CategoryMonthInput, 'read'>>(({ input, signal }) =>
      input.read(signal),
    ),
  },
  guards: {
    isNewerVersion: ({ context, event }) => event.version > context.version,
    wasAnswered: (_, outcome: CategoryMonthOutcome) => outcome.ok,
  },
  actions: {
    keepTransactions: assign({
      transactions: (_, outcome: CategoryMonthOutcome) => (outcome.ok ? outcome.transactions : null),
    }),
    noteVersion: assign({ version: ({ event }) => event.version }),
  },
}).createMachine({
  id: 'categoryMonth',
  context: ({ input }) => ({ ...input, transactions: null }),
  initial: 'reading',
  states: {
    reading: {
      invoke: {
        id: 'readMonth',
        src: 'readMonth',
        input: ({ context }) => ({ read: context.read }),
        onDone: [
          {
            guard: { type: 'wasAnswered', params: ({ event }) => event.output },
            target: 'ready',
            actions: { type: 'keepTransactions', params: ({ event }) => event.output },
          },
          { target: 'failed' },
        ],
        onError: { target: 'failed' },
      },
    },
    ready: {},
    failed: {},
  },
  on: {
    'budget.versionChanged': {
      guard: 'isNewerVersion',
      target: '.reading',
      reenter: true,
      actions: 'noteVersion',
    },
  },
})

type CategoryMonthSnapshot = { readonly context: CategoryMonthContext; matches(state: 'failed'): boolean }

const rowsOf = new WeakMap<ReadonlyArray<Transaction>, ReadonlyArray<CategoryTransaction>>()

/** The month's transactions with a split in the category, newest first; null until the first answer. */
export const selectCategoryMonthRows = (
  snapshot: CategoryMonthSnapshot,
): ReadonlyArray<CategoryTransaction> | null => {
  const { transactions, categoryId, periodKey } = snapshot.context
  if (transactions === null) return null
  let rows = rowsOf.get(transactions)
  if (rows === undefined) {
    rows = categoryTransactionsOf(transactions, categoryId, periodKey)
    rowsOf.set(transactions, rows)
  }
  return rows
}

/** The read failed and nothing was read before it. */
export const selectCategoryMonthFailed = (snapshot: CategoryMonthSnapshot): boolean =>
  snapshot.matches('failed') && snapshot.context.transactions === null
