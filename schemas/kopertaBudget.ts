import * as Schema from 'effect/Schema'
import {
  BankAccountType,
  CategoryType,
  FilterCriteria,
  Name,
  SpendingClass,
  TargetType,
  Text,
  TransactionKind,
} from './budget.ts'
import { CurrencyCode, Instant, IsoDate, Minor, PeriodKey } from './money.ts'

// Koperta's own budget file (docs/formats/koperta-budget.md): everything needed to rebuild a budget whose every
// month view and account balance equal the original's. Amounts are integer minor units of `budget.currency`; ids
// are the exporting budget's, opaque, and only tie the file's parts together (an import mints new ones).

export const KOPERTA_BUDGET_FORMAT = 'koperta-budget'
/** The format's version; a reader refuses a newer one it cannot know (`unsupported-version`). */
export const KOPERTA_BUDGET_VERSION = 1

const Id = Schema.String.check(Schema.isNonEmpty(), Schema.isMaxLength(128))

export const KopertaGroup = Schema.Struct({
  id: Id,
  name: Name,
  hidden: Schema.Boolean,
  /** The budget's own group, holding Uncategorized and Ready to Assign. */
  system: Schema.Boolean,
})

/** `uncategorized` and `readyToAssign` are the budget's built-in categories; the rest are the user's (null). */
export const SystemRole = Schema.Literals(['uncategorized', 'readyToAssign'])

export const KopertaCategory = Schema.Struct({
  id: Id,
  groupId: Id,
  name: Name,
  type: CategoryType,
  spendingClass: SpendingClass,
  hidden: Schema.Boolean,
  system: Schema.NullOr(SystemRole),
})

export const KopertaAccount = Schema.Struct({
  id: Id,
  name: Name,
  type: BankAccountType,
  closed: Schema.Boolean,
  openingBalance: Minor,
  openingDate: IsoDate,
  lastReconciledAt: Schema.NullOr(IsoDate),
})

const Status = {
  kind: TransactionKind,
  cleared: Schema.Boolean,
  /** Reconciled implies cleared. */
  reconciled: Schema.Boolean,
}

export const KopertaTransaction = Schema.Struct({
  id: Id,
  accountId: Id,
  date: IsoDate,
  payee: Text,
  memo: Text,
  /** Signed: inflow positive, outflow negative. */
  value: Minor,
  /** At least one; their values sum exactly to `value`. */
  splits: Schema.Array(Schema.Struct({ categoryId: Id, value: Minor })),
  ...Status,
})

export const KopertaTransferSide = Schema.Struct({ transactionId: Id, accountId: Id, ...Status })

export const KopertaTransfer = Schema.Struct({
  id: Id,
  date: IsoDate,
  /** Positive: what left `from` and reached `to`. */
  value: Minor,
  memo: Text,
  from: KopertaTransferSide,
  to: KopertaTransferSide,
})

/** What was assigned to a category in a month (activity is the transactions'). */
export const KopertaMonth = Schema.Struct({ categoryId: Id, periodKey: PeriodKey, assigned: Minor })

export const KopertaTarget = Schema.Struct({
  categoryId: Id,
  type: TargetType,
  amount: Minor,
  dueDate: Schema.NullOr(IsoDate),
  cadenceMonths: Schema.NullOr(Schema.Int),
})

export const KopertaFilter = Schema.Struct({ id: Id, name: Name, criteria: FilterCriteria })

export const KopertaBudgetFile = Schema.Struct({
  format: Schema.Literal(KOPERTA_BUDGET_FORMAT),
  version: Schema.Literal(KOPERTA_BUDGET_VERSION),
  exportedAt: Instant,
  budget: Schema.Struct({ name: Name, currency: CurrencyCode }),
  /** In display order; the system group among them. */
  groups: Schema.Array(KopertaGroup),
  /** In display order within each group. */
  categories: Schema.Array(KopertaCategory),
  accounts: Schema.Array(KopertaAccount),
  /** Every transaction but the transfers' sides. */
  transactions: Schema.Array(KopertaTransaction),
  transfers: Schema.Array(KopertaTransfer),
  months: Schema.Array(KopertaMonth),
  targets: Schema.Array(KopertaTarget),
  filters: Schema.Array(KopertaFilter),
}).annotate({ identifier: 'KopertaBudgetFile' })
export type KopertaBudgetFile = typeof KopertaBudgetFile.Type
