import * as Schema from 'effect/Schema'
import {
  BankAccountId,
  BudgetId,
  CategoryGroupId,
  CategoryId,
  TemplateId,
  TransactionId,
} from '../../schemas/ids.ts'
import { IsoDate } from '../../schemas/money.ts'

/**
 * The dialogs the desktop opens over the budget route, by name (`?dialog=…`). Phones open the same dialogs as
 * SPEC's dialog routes instead; src/views/dialogs/address.ts maps one onto the other.
 */
export const DialogName = Schema.Literals([
  'assign',
  'autoAssign',
  'assignmentHistory',
  'moveMoney',
  'cover',
  'target',
  'moveCategory',
  'moveTransactions',
  'transaction',
  'addGroup',
  'renameGroup',
  'deleteGroup',
  'addCategory',
  'editCategory',
  'deleteCategory',
  'accountType',
  'addAccount',
  'reconcile',
  'reconcileEdit',
  'transfer',
  'renameAccount',
  'closeAccount',
  'transactionTemplate',
  'transactionDraft',
])
export type DialogName = typeof DialogName.Type

export const BudgetView = Schema.Literals(['transactions', 'accounts'])

/**
 * The desktop budget route's search: the main column shows the month (no `view`), the transaction list or the
 * accounts; `account` and `category` narrow the transaction list (`category` alone selects the inspector); `dialog`
 * with its `dialog…` subjects is the open dialog, so that Back closes it, reload keeps it and a link opens it.
 * Mobile has a route for each instead (SPEC §2).
 */
export const BudgetViewSearch = Schema.Struct({
  view: Schema.optional(BudgetView),
  account: Schema.optional(BankAccountId),
  category: Schema.optional(CategoryId),
  dialog: Schema.optional(DialogName),
  dialogCategory: Schema.optional(CategoryId),
  dialogGroup: Schema.optional(CategoryGroupId),
  dialogAccount: Schema.optional(BankAccountId),
  dialogTransaction: Schema.optional(TransactionId),
  /** A recurring template (its dialog, or the one a draft belongs to) and a draft's occurrence date. */
  dialogTemplate: Schema.optional(TemplateId),
  dialogDate: Schema.optional(IsoDate),
})
export type BudgetViewSearch = typeof BudgetViewSearch.Type

/** One parameter: its schema's value, or absent when it does not decode (a bad parameter drops, not the page). */
const field =
  <S extends Schema.Top>(schema: S) =>
  (value: unknown): S['Type'] | undefined =>
    Schema.is(schema)(value) ? value : undefined

/** TanStack Router's validateSearch for the budget route: each parameter decoded by its schema. */
export const validateBudgetSearch = (search: Record<string, unknown>): BudgetViewSearch => {
  const view = field(BudgetView)(search.view)
  const account = field(BankAccountId)(search.account)
  const category = field(CategoryId)(search.category)
  const dialog = field(DialogName)(search.dialog)
  const dialogCategory = field(CategoryId)(search.dialogCategory)
  const dialogGroup = field(CategoryGroupId)(search.dialogGroup)
  const dialogAccount = field(BankAccountId)(search.dialogAccount)
  const dialogTransaction = field(TransactionId)(search.dialogTransaction)
  const dialogTemplate = field(TemplateId)(search.dialogTemplate)
  const dialogDate = field(IsoDate)(search.dialogDate)
  return {
    ...(view === undefined ? {} : { view }),
    ...(account === undefined ? {} : { account }),
    ...(category === undefined ? {} : { category }),
    ...(dialog === undefined ? {} : { dialog }),
    ...(dialogCategory === undefined ? {} : { dialogCategory }),
    ...(dialogGroup === undefined ? {} : { dialogGroup }),
    ...(dialogAccount === undefined ? {} : { dialogAccount }),
    ...(dialogTransaction === undefined ? {} : { dialogTransaction }),
    ...(dialogTemplate === undefined ? {} : { dialogTemplate }),
    ...(dialogDate === undefined ? {} : { dialogDate }),
  }
}

/**
 * The dialogs of the budgets list and of a budget's settings (`?dialog=deleteBudget&dialogBudget=…`): create, edit,
 * delete and reset, with the budget they act on (the settings page's own budget needs none). Phones edit and create
 * through SPEC's budget modal route instead; delete and reset have no route, so they use this on both devices.
 */
export const BudgetsDialogName = Schema.Literals([
  'createBudget',
  'editBudget',
  'deleteBudget',
  'resetBudget',
  'payeeRules',
])
export type BudgetsDialogName = typeof BudgetsDialogName.Type

export const BudgetsSearch = Schema.Struct({
  dialog: Schema.optional(BudgetsDialogName),
  dialogBudget: Schema.optional(BudgetId),
})
export type BudgetsSearch = typeof BudgetsSearch.Type

/** validateSearch for the budgets list, home and settings routes: each parameter decoded by its schema. */
export const validateBudgetsSearch = (search: Record<string, unknown>): BudgetsSearch => {
  const dialog = field(BudgetsDialogName)(search.dialog)
  const dialogBudget = field(BudgetId)(search.dialogBudget)
  return {
    ...(dialog === undefined ? {} : { dialog }),
    ...(dialogBudget === undefined ? {} : { dialogBudget }),
  }
}

/** The import screens' dialogs: the payee rules editor (also in a budget's settings). */
export const ImportDialogName = Schema.Literals(['payeeRules'])
export type ImportDialogName = typeof ImportDialogName.Type

/**
 * The transaction import's search: `account` preselects the account the import goes to (the register it was opened
 * from), `dialog` the open dialog. Both devices (the phone's route is the same screen).
 */
export const ImportSearch = Schema.Struct({
  account: Schema.optional(BankAccountId),
  dialog: Schema.optional(ImportDialogName),
})
export type ImportSearch = typeof ImportSearch.Type

export const validateImportSearch = (search: Record<string, unknown>): ImportSearch => {
  const account = field(BankAccountId)(search.account)
  const dialog = field(ImportDialogName)(search.dialog)
  return {
    ...(account === undefined ? {} : { account }),
    ...(dialog === undefined ? {} : { dialog }),
  }
}
