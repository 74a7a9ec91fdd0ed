import type { RouteMeta } from '../router/staticData.ts'

/**
 * What the page's heading names: a text of its own, or a bank account (its name, read from the open budget). The
 * desktop's budget route shows the month, the accounts or a transaction list by its search, so its heading follows
 * the search, not the route.
 */
export type PageHeading =
  | { readonly kind: 'text'; readonly key: string }
  | {
      readonly kind: 'account'
      readonly budgetId: string
      readonly bankAccountId: string
      /** Shown until the budget has the account's name. */
      readonly fallbackKey: string
    }

type HeadingParams = { readonly budgetId?: string | undefined; readonly bankAccountId?: string | undefined }
type HeadingSearch = { readonly view?: string | undefined; readonly account?: string | undefined }

const account = (budgetId: string | undefined, bankAccountId: string | undefined, fallbackKey: string) =>
  budgetId === undefined || bankAccountId === undefined
    ? ({ kind: 'text', key: fallbackKey } as const)
    : ({ kind: 'account', budgetId, bankAccountId, fallbackKey } as const)

export const pageHeadingOf = (page: RouteMeta, params: HeadingParams, search: HeadingSearch): PageHeading => {
  if (page.name === 'budget' && search.view === 'accounts')
    return { kind: 'text', key: 'routes.bankAccounts' }
  if (page.name === 'budget' && search.view === 'transactions')
    return search.account === undefined
      ? { kind: 'text', key: 'routes.transactions' }
      : account(params.budgetId, search.account, 'routes.bankAccount')
  if (page.name === 'bankAccount') return account(params.budgetId, params.bankAccountId, page.headerKey)
  return { kind: 'text', key: page.headerKey }
}
