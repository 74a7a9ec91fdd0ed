import type {
  BankAccountId,
  CategoryGroupId,
  CategoryId,
  TemplateId,
  TransactionId,
} from '../../../schemas/ids.ts'
import type { IsoDate } from '../../../schemas/money.ts'
import type { BudgetViewSearch, DialogName } from '../../router/budgetSearch.ts'

/**
 * Which dialog is open, and on what: one value for both devices. Desktop keeps it in the budget route's search
 * (`?dialog=moveMoney&dialogCategory=…`), phones in SPEC's dialog routes (`…/categories/{id}/move-money`).
 */
export type DialogAddress =
  | { readonly kind: 'assign'; readonly categoryId?: CategoryId | undefined }
  | { readonly kind: 'autoAssign' }
  | { readonly kind: 'assignmentHistory' }
  | {
      readonly kind: 'moveMoney' | 'cover' | 'target' | 'moveCategory' | 'moveTransactions'
      readonly categoryId: CategoryId
    }
  | {
      readonly kind: 'transaction'
      readonly categoryId?: CategoryId | undefined
      readonly transactionId?: TransactionId | undefined
    }
  | { readonly kind: 'addGroup' }
  | { readonly kind: 'renameGroup' | 'deleteGroup' | 'addCategory'; readonly groupId: CategoryGroupId }
  | {
      readonly kind: 'editCategory' | 'deleteCategory'
      readonly groupId: CategoryGroupId
      readonly categoryId: CategoryId
    }
  | { readonly kind: 'accountType' | 'addAccount' }
  | {
      readonly kind: 'reconcile' | 'reconcileEdit' | 'transfer' | 'renameAccount' | 'closeAccount'
      readonly bankAccountId: BankAccountId
    }
  | {
      /** Create (no templateId, preset to a category or account) or edit a recurring transaction. */
      readonly kind: 'transactionTemplate'
      readonly categoryId?: CategoryId | undefined
      readonly templateId?: TemplateId | undefined
      readonly bankAccountId?: BankAccountId | undefined
    }
  | {
      /** Confirm or skip one occurrence (its date) of a template; the category is where it was opened from. */
      readonly kind: 'transactionDraft'
      readonly templateId: TemplateId
      readonly date: IsoDate
      readonly categoryId?: CategoryId | undefined
    }

export type StructureDialog = Extract<
  DialogAddress,
  {
    readonly kind:
      | 'addGroup'
      | 'renameGroup'
      | 'deleteGroup'
      | 'addCategory'
      | 'editCategory'
      | 'deleteCategory'
  }
>

type DialogSearch = Pick<
  BudgetViewSearch,
  | 'dialog'
  | 'dialogCategory'
  | 'dialogGroup'
  | 'dialogAccount'
  | 'dialogTransaction'
  | 'dialogTemplate'
  | 'dialogDate'
>

/** The search parameters of a desktop dialog (every `dialog…` key, absent ones undefined so they drop). */
export const dialogSearch = (
  address: DialogAddress | null,
): { readonly [K in keyof DialogSearch]-?: DialogSearch[K] } => ({
  dialog: address?.kind satisfies DialogName | undefined,
  dialogCategory: address !== null && 'categoryId' in address ? address.categoryId : undefined,
  dialogGroup: address !== null && 'groupId' in address ? address.groupId : undefined,
  dialogAccount: address !== null && 'bankAccountId' in address ? address.bankAccountId : undefined,
  dialogTransaction: address !== null && 'transactionId' in address ? address.transactionId : undefined,
  dialogTemplate: address !== null && 'templateId' in address ? address.templateId : undefined,
  dialogDate: address !== null && 'date' in address ? address.date : undefined,
})

/** The open desktop dialog of the search, or null (none, or its subject is missing from the address). */
export const dialogOfSearch = (search: BudgetViewSearch): DialogAddress | null => {
  const { dialog, dialogCategory: categoryId, dialogGroup: groupId, dialogAccount: bankAccountId } = search
  switch (dialog) {
    case undefined:
      return null
    case 'assign':
      return { kind: dialog, categoryId }
    case 'autoAssign':
    case 'assignmentHistory':
    case 'addGroup':
    case 'accountType':
    case 'addAccount':
      return { kind: dialog }
    case 'moveMoney':
    case 'cover':
    case 'target':
    case 'moveCategory':
    case 'moveTransactions':
      return categoryId === undefined ? null : { kind: dialog, categoryId }
    case 'transaction':
      return { kind: dialog, categoryId, transactionId: search.dialogTransaction }
    case 'renameGroup':
    case 'deleteGroup':
    case 'addCategory':
      return groupId === undefined ? null : { kind: dialog, groupId }
    case 'editCategory':
    case 'deleteCategory':
      return groupId === undefined || categoryId === undefined ? null : { kind: dialog, groupId, categoryId }
    case 'reconcile':
    case 'reconcileEdit':
    case 'transfer':
    case 'renameAccount':
    case 'closeAccount':
      return bankAccountId === undefined ? null : { kind: dialog, bankAccountId }
    case 'transactionTemplate':
      return { kind: dialog, categoryId, bankAccountId, templateId: search.dialogTemplate }
    case 'transactionDraft':
      return search.dialogTemplate === undefined || search.dialogDate === undefined
        ? null
        : { kind: dialog, templateId: search.dialogTemplate, date: search.dialogDate, categoryId }
  }
}

const enc = encodeURIComponent

/**
 * SPEC §2's phone route of a dialog; null for the one dialog SPEC gives no route (the account-type chooser, which
 * phones show over the accounts list).
 */
export const mobileDialogHref = (
  budgetId: string,
  periodKey: string,
  address: DialogAddress,
): string | null => {
  const budget = `/budget/${enc(budgetId)}`
  const period = `${budget}/period/${enc(periodKey)}`
  const category = (id: CategoryId) => `${period}/categories/${enc(id)}`
  switch (address.kind) {
    case 'assign':
      return address.categoryId === undefined
        ? `${period}/assign`
        : `${period}/assign?category=${enc(address.categoryId)}`
    case 'autoAssign':
      return `${period}/auto-assign`
    case 'assignmentHistory':
      return `${period}/assignment-history`
    case 'moveMoney':
      return `${category(address.categoryId)}/move-money`
    case 'cover':
      return `${category(address.categoryId)}/cover`
    case 'target':
      return `${category(address.categoryId)}/target`
    case 'moveCategory':
      return `${category(address.categoryId)}/move`
    case 'moveTransactions':
      return `${category(address.categoryId)}/move-transactions`
    case 'transaction': {
      const of = address.categoryId === undefined ? `${period}/categories` : category(address.categoryId)
      return address.transactionId === undefined
        ? `${of}/transactions`
        : `${of}/transactions/${enc(address.transactionId)}`
    }
    case 'addGroup':
      return `${budget}/category-group`
    case 'renameGroup':
      return `${budget}/category-group/${enc(address.groupId)}`
    case 'deleteGroup':
      return `${budget}/category-group/${enc(address.groupId)}/delete`
    case 'addCategory':
      return `${budget}/group/${enc(address.groupId)}`
    case 'editCategory':
      return `${budget}/group/${enc(address.groupId)}/category/${enc(address.categoryId)}`
    case 'deleteCategory':
      return `${budget}/group/${enc(address.groupId)}/category/${enc(address.categoryId)}/delete`
    case 'accountType':
      return null
    case 'addAccount':
      return `${budget}/bankAccount/modal`
    case 'renameAccount':
      return `${budget}/bankAccount/${enc(address.bankAccountId)}/modal`
    case 'reconcile':
      return `${budget}/bankAccount/${enc(address.bankAccountId)}/reconcile`
    case 'reconcileEdit':
      return `${budget}/bankAccount/${enc(address.bankAccountId)}/reconcile-edit`
    case 'transfer':
      return `${budget}/bankAccount/${enc(address.bankAccountId)}/transfer`
    case 'closeAccount':
      return `${budget}/bankAccount/${enc(address.bankAccountId)}/close-modal`
    case 'transactionTemplate': {
      // SPEC's route has no account: a template opened from an account's register starts without one on phones.
      const of = address.categoryId === undefined ? `${period}/categories` : category(address.categoryId)
      return address.templateId === undefined
        ? `${of}/templates`
        : `${of}/templates/${enc(address.templateId)}`
    }
    case 'transactionDraft': {
      const of = address.categoryId === undefined ? `${period}/categories` : category(address.categoryId)
      return `${of}/templates/${enc(address.templateId)}/date/${enc(address.date)}/confirm`
    }
  }
}
