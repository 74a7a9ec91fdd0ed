import { describe, expect, it } from 'vitest'
import {
  BankAccountId,
  CategoryGroupId,
  CategoryId,
  TemplateId,
  TransactionId,
} from '../../../schemas/ids.ts'
import { IsoDate } from '../../../schemas/money.ts'
import { validateBudgetSearch } from '../../../src/router/budgetSearch.ts'
import {
  type DialogAddress,
  dialogOfSearch,
  dialogSearch,
  mobileDialogHref,
} from '../../../src/views/dialogs/address.ts'

const categoryId = CategoryId.make('cat-1')
const groupId = CategoryGroupId.make('group-1')
const bankAccountId = BankAccountId.make('acct-1')
const transactionId = TransactionId.make('tx-1')
const templateId = TemplateId.make('tpl-1')
const date = IsoDate.make('2026-11-10')

const addresses: ReadonlyArray<DialogAddress> = [
  { kind: 'assign', categoryId },
  { kind: 'assign', categoryId: undefined },
  { kind: 'autoAssign' },
  { kind: 'assignmentHistory' },
  { kind: 'moveMoney', categoryId },
  { kind: 'cover', categoryId },
  { kind: 'target', categoryId },
  { kind: 'moveCategory', categoryId },
  { kind: 'moveTransactions', categoryId },
  { kind: 'transaction', categoryId, transactionId: undefined },
  { kind: 'transaction', categoryId: undefined, transactionId },
  { kind: 'addGroup' },
  { kind: 'renameGroup', groupId },
  { kind: 'deleteGroup', groupId },
  { kind: 'addCategory', groupId },
  { kind: 'editCategory', groupId, categoryId },
  { kind: 'deleteCategory', groupId, categoryId },
  { kind: 'accountType' },
  { kind: 'addAccount' },
  { kind: 'reconcile', bankAccountId },
  { kind: 'reconcileEdit', bankAccountId },
  { kind: 'transfer', bankAccountId },
  { kind: 'renameAccount', bankAccountId },
  { kind: 'closeAccount', bankAccountId },
  { kind: 'transactionTemplate', categoryId, bankAccountId: undefined, templateId: undefined },
  { kind: 'transactionTemplate', categoryId: undefined, bankAccountId, templateId: undefined },
  { kind: 'transactionTemplate', categoryId: undefined, bankAccountId: undefined, templateId },
  { kind: 'transactionDraft', templateId, date, categoryId: undefined },
  { kind: 'transactionDraft', templateId, date, categoryId },
]

/** The search as the address bar carries it: absent keys dropped, as the router's stringify does. */
const inAddressBar = (address: DialogAddress): Record<string, unknown> =>
  Object.fromEntries(Object.entries(dialogSearch(address)).filter(([, value]) => value !== undefined))

describe('desktop dialog addresses', () => {
  it('reads back every dialog from its search parameters', () => {
    for (const address of addresses)
      expect(dialogOfSearch(validateBudgetSearch(inAddressBar(address)))).toEqual(address)
  })

  it('keeps the budget route’s own parameters beside the dialog', () => {
    const search = validateBudgetSearch({
      view: 'accounts',
      ...inAddressBar({ kind: 'transfer', bankAccountId }),
    })
    expect(search.view).toBe('accounts')
    expect(dialogOfSearch(search)).toEqual({ kind: 'transfer', bankAccountId })
  })

  it('drops a parameter that does not decode, not the page', () => {
    expect(validateBudgetSearch({ dialog: 'noSuchDialog', view: 'transactions', category: 42 })).toEqual({
      view: 'transactions',
    })
    expect(validateBudgetSearch({ dialog: 'cover', dialogCategory: '' })).toEqual({ dialog: 'cover' })
  })

  it('opens nothing when the dialog’s subject is missing', () => {
    expect(dialogOfSearch({ dialog: 'cover' })).toBeNull()
    expect(dialogOfSearch({ dialog: 'editCategory', dialogCategory: categoryId })).toBeNull()
    expect(dialogOfSearch({})).toBeNull()
  })

  it('clears every dialog parameter when closed', () => {
    expect(Object.values(dialogSearch(null)).every((value) => value === undefined)).toBe(true)
  })
})

describe('phone dialog routes (SPEC §2)', () => {
  const href = (address: DialogAddress) => mobileDialogHref('b-1', '202611', address)

  it('are the routes of the mobile set', () => {
    expect(href({ kind: 'assign', categoryId })).toBe('/budget/b-1/period/202611/assign?category=cat-1')
    expect(href({ kind: 'autoAssign' })).toBe('/budget/b-1/period/202611/auto-assign')
    expect(href({ kind: 'moveMoney', categoryId })).toBe(
      '/budget/b-1/period/202611/categories/cat-1/move-money',
    )
    expect(href({ kind: 'transaction', categoryId })).toBe(
      '/budget/b-1/period/202611/categories/cat-1/transactions',
    )
    expect(href({ kind: 'deleteGroup', groupId })).toBe('/budget/b-1/category-group/group-1/delete')
    expect(href({ kind: 'editCategory', groupId, categoryId })).toBe(
      '/budget/b-1/group/group-1/category/cat-1',
    )
    expect(href({ kind: 'reconcileEdit', bankAccountId })).toBe(
      '/budget/b-1/bankAccount/acct-1/reconcile-edit',
    )
    expect(href({ kind: 'transactionTemplate', categoryId })).toBe(
      '/budget/b-1/period/202611/categories/cat-1/templates',
    )
    expect(href({ kind: 'transactionTemplate', templateId })).toBe(
      '/budget/b-1/period/202611/categories/templates/tpl-1',
    )
    expect(href({ kind: 'transactionDraft', templateId, date })).toBe(
      '/budget/b-1/period/202611/categories/templates/tpl-1/date/2026-11-10/confirm',
    )
  })

  it('leave the account-type chooser to the accounts list, which SPEC gives no route', () => {
    expect(href({ kind: 'accountType' })).toBeNull()
  })
})
