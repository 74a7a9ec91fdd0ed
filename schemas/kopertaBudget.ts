import * as Schema from 'effect/Schema'
import {
  AssignmentSource,
  BankAccountType,
  CategoryType,
  FilterCriteria,
  Name,
  ReportView,
  SpendingClass,
  TargetType,
  Text,
  TransactionKind,
} from './budget.ts'
import { LoanActivity, LoanDayCount, LoanPaymentType, LoanState } from './loans.ts'
import { CurrencyCode, Instant, IsoDate, Minor, PeriodKey } from './money.ts'
import {
  AmountMatch,
  DraftHorizonDays,
  HolidayShift,
  RecurrenceFrequency,
  TemplateInterval,
  TemplateOccurrenceCount,
} from './templates.ts'

// Koperta's own budget file (docs/formats/koperta-budget.md): everything needed to rebuild a budget whose every
// month view and account balance equal the original's. Amounts are integer minor units of `budget.currency`; ids
// are the exporting budget's, opaque, and only tie the file's parts together (an import mints new ones).

export const KOPERTA_BUDGET_FORMAT = 'koperta-budget'
/**
 * The format's version the export writes; a reader refuses a newer one it cannot know (`unsupported-version`).
 * Version 2 added `templates` and `draftHorizonDays`; version 3 authorship (`enteredBy` of transactions and
 * transfers, `assignments`); older files still import.
 */
export const KOPERTA_BUDGET_VERSION = 3
/** Every version a reader takes. */
export const KOPERTA_BUDGET_VERSIONS: readonly number[] = [1, 2, 3]

/**
 * Version 3: who last entered or changed a transaction, or made an assignment — that member's display name, never
 * an id or an e-mail (the file leaves the budget's members behind); null when they set none or left. History, not
 * state: an import keeps the budget, and its own changes are the importer's.
 */
const EnteredBy = Schema.optionalKey(Schema.NullOr(Text))

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
  /** A tracking (off-budget) account, e.g. a loan's (absent: a budget account); its transactions have no split. */
  offBudget: Schema.optionalKey(Schema.Boolean),
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
  enteredBy: EnteredBy,
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
  enteredBy: EnteredBy,
  /** Across the budget's edge (a budget account ↔ a tracking one): the budget side's category. */
  categoryId: Schema.optionalKey(Id),
})

/** Version 3: one change of an assigned amount (the month's assignment history), oldest first. */
export const KopertaAssignment = Schema.Struct({
  periodKey: PeriodKey,
  at: Instant,
  by: Schema.NullOr(Text),
  source: AssignmentSource,
  /** null is Ready to Assign. */
  fromCategoryId: Schema.NullOr(Id),
  toCategoryId: Schema.NullOr(Id),
  amount: Minor,
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

/**
 * A saved view's report (issue 31; optional within version 3, whose earlier readers ignore it and keep the filter):
 * `subject` is the file's category id or a spending class.
 */
export const KopertaReportView = Schema.Struct({
  ...ReportView.fields,
  subject: Schema.optionalKey(Schema.Union([SpendingClass, Id])),
})
export type KopertaReportView = typeof KopertaReportView.Type

export const KopertaFilter = Schema.Struct({
  id: Id,
  name: Name,
  criteria: FilterCriteria,
  report: Schema.optionalKey(KopertaReportView),
})

/**
 * A recurring transaction template (version 2) as the app keeps it. `skippedThrough` also covers every occurrence
 * acted on (confirmed or skipped) up to the latest one: their transactions are in the file anyway, so an import
 * shows no backlog of them.
 */
export const KopertaTemplate = Schema.Struct({
  id: Id,
  accountId: Id,
  /** A transfer's other account (then no splits, and `value` < 0 leaves `accountId`). */
  toAccountId: Schema.NullOr(Id),
  payee: Text,
  memo: Text,
  value: Minor,
  splits: Schema.Array(Schema.Struct({ categoryId: Id, value: Minor })),
  frequency: RecurrenceFrequency,
  interval: TemplateInterval,
  startDate: IsoDate,
  endDate: Schema.NullOr(IsoDate),
  occurrences: Schema.NullOr(TemplateOccurrenceCount),
  shift: HolidayShift,
  amountMatch: AmountMatch,
  skippedThrough: Schema.NullOr(IsoDate),
})

/**
 * A loan (issue 32; optional within version 3, see docs/formats/koperta-budget.md): its terms and activities as
 * recorded, in order; the schedule is computed from them. The account tracks its balance; the category takes its
 * installments.
 */
export const KopertaLoan = Schema.Struct({
  id: Id,
  name: Text,
  principal: Minor,
  annualRate: Schema.String,
  installments: Schema.Int,
  paymentType: LoanPaymentType,
  firstPaymentDate: IsoDate,
  disbursementDate: Schema.NullOr(IsoDate),
  dayCount: LoanDayCount,
  accountId: Schema.NullOr(Id),
  categoryId: Schema.NullOr(Id),
  state: LoanState,
  activities: Schema.Array(LoanActivity),
})

export const KopertaBudgetFile = Schema.Struct({
  format: Schema.Literal(KOPERTA_BUDGET_FORMAT),
  version: Schema.Literals([1, 2, KOPERTA_BUDGET_VERSION]),
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
  /** Version 2: recurring transaction templates (absent in version 1: none). */
  templates: Schema.optionalKey(Schema.Array(KopertaTemplate)),
  /** Version 2: how many days ahead occurrences become drafts (absent: the default, 7). */
  draftHorizonDays: Schema.optionalKey(DraftHorizonDays),
  /** Version 3: every change of an assigned amount, with its author (absent: not exported with authorship). */
  assignments: Schema.optionalKey(Schema.Array(KopertaAssignment)),
  /** Loans (issue 32; absent: none). */
  loans: Schema.optionalKey(Schema.Array(KopertaLoan)),
}).annotate({ identifier: 'KopertaBudgetFile' })
export type KopertaBudgetFile = typeof KopertaBudgetFile.Type
