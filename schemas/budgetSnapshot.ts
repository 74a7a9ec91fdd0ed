import * as Schema from 'effect/Schema'
import * as SchemaTransformation from 'effect/SchemaTransformation'
import {
  AssignmentRecord,
  BankAccount,
  Budget,
  Category,
  CategoryGroup,
  isTransaction,
  SavedFilter,
  Target,
  Transaction,
  TransferSides,
} from './budget.ts'
import { AssignmentChange, ImportSource } from './budgetEvents.ts'
import { BankAccountId, CategoryId, CommandId, TemplateId, TransactionId, TransferId } from './ids.ts'
import { Loan } from './loans.ts'
import { isPeriodKey, PeriodKey } from './money.ts'
import { Completion, DraftHorizonDays, TransactionTemplate } from './templates.ts'

// Aggregates are sums the domain keeps as plain safe integers.

/**
 * An array checked whole by one guard, and documented (OpenAPI) as the array of `item` it is. The parser's steps
 * for each element made decoding a 10-year budget's 18 000 category-months the longest task of a phone's first
 * screen (~150 ms at 4× CPU); one pass over each column takes a few.
 */
const column = <A, E>(item: Schema.Codec<A, E>, isItem: (value: unknown) => value is A, expected: string) =>
  Schema.declare((value: unknown): value is ReadonlyArray<A> => Array.isArray(value) && value.every(isItem), {
    expected,
    toCodecJson: () =>
      Schema.link<ReadonlyArray<A>>()(Schema.Array(item), SchemaTransformation.passthrough()),
  })

const PeriodColumn = column(PeriodKey, isPeriodKey, 'period keys YYYYMM with months 01-12')
const AmountColumn = column(
  Schema.Int,
  (value): value is number => Number.isSafeInteger(value),
  'safe integers',
)

const CategoryMonthColumns = Schema.Tuple([CategoryId, PeriodColumn, AmountColumn, AmountColumn]).check(
  Schema.makeFilter(
    ([, months, assigned, activity]) =>
      assigned.length === months.length && activity.length === months.length,
    { expected: 'one assigned and one activity amount per month' },
  ),
)
/**
 * A budget's whole state at one version, as JSON: what the app loads instead of replaying every event (a
 * 100 000-transaction budget is one answer, not 100 000 events to decode and fold). Maps become arrays; the
 * undo stack is listed top first. domain/snapshot.ts converts it to and from the domain state.
 */
export const BudgetStateSnapshot = Schema.Struct({
  budget: Schema.NullOr(Budget),
  deleted: Schema.Boolean,
  groups: Schema.Array(CategoryGroup),
  categories: Schema.Array(Category),
  accounts: Schema.Array(BankAccount),
  accountTotals: Schema.Array(
    Schema.Struct({ bankAccountId: BankAccountId, cleared: Schema.Int, uncleared: Schema.Int }),
  ),
  /** [account, month, net flow]. */
  accountMonths: Schema.Array(Schema.Tuple([BankAccountId, PeriodKey, Schema.Int])),
  /**
   * Per category its months as columns, [category, months, assigned, activity]: a long budget has a row for every
   * category and month with money, and columns keep the category's id (and the decoding) once per category.
   */
  categoryMonths: Schema.Array(CategoryMonthColumns),
  transactions: column(Transaction, isTransaction, 'transactions'),
  transactionCount: Schema.Int,
  transfers: Schema.Array(TransferSides),
  targets: Schema.Array(Target),
  filters: Schema.Array(SavedFilter),
  records: Schema.Array(AssignmentRecord),
  undo: Schema.Array(
    Schema.Struct({ commandId: CommandId, periodKey: PeriodKey, changes: Schema.Array(AssignmentChange) }),
  ),
  /** Bank-file imports, oldest first (absent in snapshots taken before imports existed). */
  imports: Schema.optionalKey(
    Schema.Array(
      Schema.Struct({
        source: ImportSource,
        transactionIds: Schema.Array(TransactionId),
        transferIds: Schema.Array(TransferId),
        changedIds: Schema.Array(TransactionId),
        undone: Schema.Boolean,
      }),
    ),
  ),
  /** Recurring transaction templates (absent in snapshots taken before templates existed: none). */
  templates: Schema.optionalKey(Schema.Array(TransactionTemplate)),
  /** What was done with occurrences, per template (absent: nothing). */
  completions: Schema.optionalKey(
    Schema.Array(Schema.Struct({ templateId: TemplateId, completions: Schema.Array(Completion) })),
  ),
  /** Days ahead an occurrence becomes a draft (absent: the default, 7). */
  draftHorizonDays: Schema.optionalKey(DraftHorizonDays),
  /** Loans (absent in snapshots taken before loans existed: none). */
  loans: Schema.optionalKey(Schema.Array(Loan)),
})
export type BudgetStateSnapshot = typeof BudgetStateSnapshot.Type

export const BudgetStateAnswer = Schema.Struct({ version: Schema.Int, state: BudgetStateSnapshot })

/** `?part=summary`: everything but the transactions and transfers (a big budget's month shows from it at once). */
export const StateQuery = Schema.Struct({ part: Schema.optionalKey(Schema.Literal('summary')) })
