import * as Schema from 'effect/Schema'
import {
  AssignmentRecord,
  BankAccount,
  Budget,
  Category,
  CategoryGroup,
  SavedFilter,
  Target,
  Transaction,
} from './budget.ts'
import { AssignmentChange } from './budget-events.ts'
import { BankAccountId, CategoryId, CommandId, TransactionId, TransferId } from './ids.ts'
import { PeriodKey } from './money.ts'

// Aggregates are sums the domain keeps as plain safe integers.

const CategoryMonthColumns = Schema.Tuple([
  CategoryId,
  Schema.Array(PeriodKey),
  Schema.Array(Schema.Int),
  Schema.Array(Schema.Int),
]).check(
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
  transactions: Schema.Array(Transaction),
  transactionCount: Schema.Int,
  transfers: Schema.Array(
    Schema.Struct({
      transferId: TransferId,
      outflowTransactionId: TransactionId,
      inflowTransactionId: TransactionId,
    }),
  ),
  targets: Schema.Array(Target),
  filters: Schema.Array(SavedFilter),
  records: Schema.Array(AssignmentRecord),
  undo: Schema.Array(
    Schema.Struct({ commandId: CommandId, periodKey: PeriodKey, changes: Schema.Array(AssignmentChange) }),
  ),
})
export type BudgetStateSnapshot = typeof BudgetStateSnapshot.Type

export const BudgetStateAnswer = Schema.Struct({ version: Schema.Int, state: BudgetStateSnapshot })

/** `?part=summary`: everything but the transactions and transfers (a big budget's month shows from it at once). */
export const StateQuery = Schema.Struct({ part: Schema.optionalKey(Schema.Literal('summary')) })
