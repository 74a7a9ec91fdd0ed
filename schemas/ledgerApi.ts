import * as Schema from 'effect/Schema'
import * as SchemaTransformation from 'effect/SchemaTransformation'
import * as Struct from 'effect/Struct'
import {
  AssignmentRecord,
  BankAccount,
  Budget,
  BudgetAccess,
  BudgetRole,
  Category,
  CategoryGroup,
  CategoryType,
  MonthView,
  NewName,
  SavedFilter,
  SpendingClass,
  Split,
  Target,
  Transaction,
} from './budget.ts'
import {
  AddTransaction,
  AddTransfer,
  AutoAssign,
  CoverOverspending,
  CreateCategory,
  EditTransaction,
  MoveMoney,
  OpenBankAccount,
  OpenBudgetCommandDraft,
  ReconcileAccount,
  ReorderCategoryGroups,
  SaveFilter,
  SetAssigned,
  SetTarget,
} from './budgetCommands.ts'
import { BudgetEvent } from './budgetEvents.ts'
import {
  BankAccountId,
  BudgetId,
  CategoryGroupId,
  CategoryId,
  CommandId,
  FilterId,
  TransactionId,
  TransferId,
  UserId,
} from './ids.ts'
import { CurrencyCode, Instant, IsoDate, Minor, PeriodKey } from './money.ts'

// Request and response shapes of the budget API (/api/budget/...). Amounts are integers in minor units. Bodies
// that ask for a command take their fields from the command's draft (schemas/budgetCommands.ts), and views of
// an entity spread the entity's fields (schemas/budget.ts): a field is declared once.

// ── Parameters ──────────────────────────────────────────────────────────────────────────────────────────
export const BudgetParams = Schema.Struct({ budgetId: BudgetId })
export const PeriodParams = Schema.Struct({ budgetId: BudgetId, periodKey: PeriodKey })
export const PeriodCategoryParams = Schema.Struct({
  budgetId: BudgetId,
  periodKey: PeriodKey,
  categoryId: CategoryId,
})
export const CategoryGroupParams = Schema.Struct({ budgetId: BudgetId, categoryGroupId: CategoryGroupId })
export const CategoryParams = Schema.Struct({ budgetId: BudgetId, categoryId: CategoryId })
export const BankAccountParams = Schema.Struct({ budgetId: BudgetId, bankAccountId: BankAccountId })
export const TransactionParams = Schema.Struct({ budgetId: BudgetId, transactionId: TransactionId })
export const FilterParams = Schema.Struct({ budgetId: BudgetId, filterId: FilterId })

/**
 * Query strings arrive as text; numbers are parsed here, from decimal digits only. `Number()` alone read `0x10`,
 * `1e3`, ` 16` and `+16` as numbers (issue 26 §5): a client's typo must be refused, not guessed.
 */
export const IntText = (minimum: number, maximum: number) =>
  Schema.String.check(Schema.isPattern(/^(?:0|[1-9][0-9]*)$/u)).pipe(
    Schema.decodeTo(
      Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum, maximum })),
      SchemaTransformation.numberFromString,
    ),
  )

export const MoveToQuery = Schema.Struct({ moveToCategoryId: CategoryId })
export const AllowReconciledQuery = Schema.Struct({
  allowReconciledEdit: Schema.optionalKey(Schema.Literals(['true', 'false'])),
})

export const TransactionListQuery = Schema.Struct({
  accountId: Schema.optionalKey(BankAccountId),
  categoryId: Schema.optionalKey(CategoryId),
  /** Shortcut for from/to: the whole month. */
  period: Schema.optionalKey(PeriodKey),
  from: Schema.optionalKey(IsoDate),
  to: Schema.optionalKey(IsoDate),
  limit: Schema.optionalKey(IntText(1, 1000)),
  /** `nextCursor` of the previous page. */
  after: Schema.optionalKey(Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}\|.+$/u))),
})
export const EventsQuery = Schema.Struct({
  after: Schema.optionalKey(IntText(0, Number.MAX_SAFE_INTEGER)),
  limit: Schema.optionalKey(IntText(1, 10_000)),
})

// ── Budgets ─────────────────────────────────────────────────────────────────────────────────────────────
/** One group of a new budget's starter set, with its categories (the app sends its starter set, named). */
export const StarterGroup = Schema.Struct({
  name: NewName,
  categories: Schema.Array(
    Schema.Struct({ name: NewName, type: CategoryType, spendingClass: Schema.optionalKey(SpendingClass) }),
  ).check(Schema.isMaxLength(50)),
})
export type StarterGroup = typeof StarterGroup.Type
export const CreateBudgetBody = Schema.Struct({
  name: NewName,
  currency: CurrencyCode,
  /** Groups and categories to start with; without it the budget starts with the system categories alone. */
  starter: Schema.optionalKey(Schema.Array(StarterGroup).check(Schema.isMaxLength(20))),
})
export const UpdateBudgetBody = Schema.Struct({
  name: Schema.optionalKey(NewName),
  currency: Schema.optionalKey(CurrencyCode),
})
export const ResetBudgetBody = Schema.Struct({ date: Schema.optionalKey(IsoDate) })
/** A budget's name and currency, as its writes answer them. */
export const CreatedBudget = Schema.Struct(Struct.pick(Budget.fields, ['id', 'name', 'currency']))
/** A budget in the caller's list: its name and currency, the caller's role and access, the budget's version. */
export const BudgetSummary = Schema.Struct({
  ...CreatedBudget.fields,
  role: BudgetRole,
  access: BudgetAccess,
  version: Schema.Int,
})
export const BudgetList = Schema.Array(BudgetSummary)
export const Deleted = Schema.Struct({ deleted: Schema.Literal(true) })

// ── Structure ───────────────────────────────────────────────────────────────────────────────────────────
/**
 * Create bodies may carry the new entity's `id` (an optimistic client that already shows it); otherwise the
 * server makes one. A taken id is refused by the domain (`…-already-exists`, 422).
 */
export const CreateCategoryGroupBody = Schema.Struct({
  id: Schema.optionalKey(CategoryGroupId),
  name: NewName,
})
export const UpdateCategoryGroupBody = Schema.Struct({
  name: Schema.optionalKey(NewName),
  hidden: Schema.optionalKey(Schema.Boolean),
})
export const OrderGroupsBody = Schema.Struct(Struct.pick(ReorderCategoryGroups.fields, ['categoryGroupIds']))
export const OrderCategoriesBody = Schema.Struct({ categoryIds: Schema.Array(CategoryId) })
export const CreateCategoryBody = Schema.Struct({
  id: Schema.optionalKey(CategoryId),
  ...Struct.pick(CreateCategory.fields, ['categoryGroupId', 'name', 'type', 'spendingClass']),
})
export const UpdateCategoryBody = Schema.Struct({
  name: Schema.optionalKey(NewName),
  hidden: Schema.optionalKey(Schema.Boolean),
  spendingClass: Schema.optionalKey(SpendingClass),
})
export const CategoryGroupList = Schema.Array(CategoryGroup)
export const CategoryList = Schema.Array(Category)

export const SetTargetBody = Schema.Struct(
  Struct.pick(SetTarget.fields, ['type', 'amount', 'dueDate', 'cadenceMonths']),
)
export const TargetList = Schema.Array(Target)

/** With `report`, a saved statistics view (issue 31); a PUT without it makes the filter a plain one again. */
export const SaveFilterBody = Schema.Struct(Struct.pick(SaveFilter.fields, ['name', 'criteria', 'report']))
export const CreateFilterBody = Schema.Struct({ id: Schema.optionalKey(FilterId), ...SaveFilterBody.fields })
export const FilterList = Schema.Array(SavedFilter)

// ── Accounts and transactions ───────────────────────────────────────────────────────────────────────────
export const CreateBankAccountBody = Schema.Struct({
  id: Schema.optionalKey(BankAccountId),
  name: NewName,
  type: Schema.Literal('unconnected'),
  balance: OpenBankAccount.fields.balance,
  date: IsoDate,
  offBudget: OpenBankAccount.fields.offBudget,
})
export const RenameBankAccountBody = Schema.Struct({ name: NewName })
export const ReconcileBody = Schema.Struct(
  Struct.pick(ReconcileAccount.fields, ['date', 'balance', 'adjustmentCategoryId']),
)
/** An account with its balances. */
export const BankAccountView = Schema.Struct({
  ...BankAccount.fields,
  /** Working balance: cleared + uncleared. */
  balance: Minor,
  cleared: Minor,
  uncleared: Minor,
})
export const BankAccountList = Schema.Array(BankAccountView)

export const SplitBody = Split
export const AddTransactionBody = Schema.Struct({
  id: Schema.optionalKey(TransactionId),
  ...Struct.omit(AddTransaction.fields, ['_tag', 'transactionId']),
})
export const EditTransactionBody = Schema.Struct(
  Struct.omit(EditTransaction.fields, ['_tag', 'transactionId']),
)
export const AddTransferBody = Schema.Struct({
  id: Schema.optionalKey(TransferId),
  ...Struct.pick(AddTransfer.fields, [
    'fromBankAccountId',
    'toBankAccountId',
    'date',
    'value',
    'memo',
    'categoryId',
  ]),
})
/** A bulk import: transactions and transfers, applied in order, all or nothing. */
export const BulkItem = Schema.Union([AddTransactionBody, AddTransferBody])
export const BulkBody = Schema.Struct({
  items: Schema.Array(BulkItem).check(Schema.isMinLength(1), Schema.isMaxLength(5000)),
})
export const BulkResult = Schema.Struct({ created: Schema.Int, version: Schema.Int })

export const TransferView = Schema.Struct({ id: TransferId, outflow: Transaction, inflow: Transaction })
export const TransactionPage = Schema.Struct({
  items: Schema.Array(Transaction),
  nextCursor: Schema.NullOr(Schema.String),
})
/** One split of a stored transaction, with the transaction's id. */
export const SplitView = Schema.Struct({ transactionId: TransactionId, ...Split.fields })
export const SplitPage = Schema.Struct({
  items: Schema.Array(SplitView),
  nextCursor: Schema.NullOr(Schema.String),
})

// ── Assignments ─────────────────────────────────────────────────────────────────────────────────────────
export const SetAssignedBody = Schema.Struct(Struct.pick(SetAssigned.fields, ['value']))
export const MoveMoneyBody = Schema.Struct(
  Struct.pick(MoveMoney.fields, ['fromCategoryId', 'toCategoryId', 'value']),
)
export const CoverOverspendingBody = Schema.Struct(
  Struct.pick(CoverOverspending.fields, ['overspentCategoryId', 'fromCategoryId']),
)
export const AutoAssignBody = Schema.Struct(Struct.pick(AutoAssign.fields, ['option', 'categoryIds']))
export const MonthViewResponse = MonthView
export const AssignmentRecordList = Schema.Array(AssignmentRecord)

// ── Members and resources a later issue fills ───────────────────────────────────────────────────────────
/** Resources SPEC lists whose features come with later issues (plans, loans, templates, bank connections). */
export const EmptyList = Schema.Array(Schema.Never)

// ── Live updates ────────────────────────────────────────────────────────────────────────────────────────
/**
 * One event of a budget's stream as the store keeps it (`budget_events`) and as every answer lists it: `GET …/events`,
 * the event stream and `POST …/commands` (whose answer carries the stored `recordedAt`).
 */
export const StoredEvent = Schema.Struct({
  seq: Schema.Int,
  /** The event's `_tag`. */
  type: Schema.String,
  data: BudgetEvent,
  commandId: CommandId,
  actorUserId: UserId,
  recordedAt: Instant,
})
export type StoredEvent = typeof StoredEvent.Type
export const EventPage = Schema.Struct({ version: Schema.Int, events: Schema.Array(StoredEvent) })

// ── Any command, as the app's open budget sends it ──────────────────────────────────────────────────────
/**
 * One domain command but CreateBudget, without its meta (id, time and actor come from the Idempotency-Key, the
 * server clock and the caller; meta fields the caller sends are dropped). Decoded by the route, before any
 * database work.
 */
export const CommandBody = Schema.Struct({ command: OpenBudgetCommandDraft })
