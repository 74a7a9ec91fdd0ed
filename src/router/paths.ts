import type { Device } from '../layouts/navigation.ts'
import type { BudgetViewSearch } from './budgetSearch.ts'
import type { desktopRouteTree } from './desktopRoutes.ts'
import type { mobileRouteTree } from './mobileRoutes.ts'

// Every address the app links or navigates to is built here, from a pattern of one of its two route trees: a
// pattern no route declares, or a missing parameter, does not compile. react-aria links take plain hrefs.

/** The full paths of a route and its descendants, as the route tree's types declare them. */
type FullPaths<R> = R extends { readonly fullPath: infer P extends string; readonly children?: infer C }
  ? P | ChildPaths<C>
  : never
type ChildPaths<C> =
  C extends ReadonlyArray<infer Child>
    ? FullPaths<Child>
    : C extends Readonly<Record<string, infer Child>>
      ? FullPaths<Child>
      : never

/** A full path pattern of each route tree, and of either, e.g. `/budget/$budgetId/period/$periodKey`. */
export type DesktopPattern = FullPaths<typeof desktopRouteTree>
export type MobilePattern = FullPaths<typeof mobileRouteTree>
export type RoutePattern = DesktopPattern | MobilePattern

type Segments<P extends string> = P extends `${infer Head}/${infer Tail}` ? Head | Segments<Tail> : P
type RequiredName<S> = S extends `$${infer Name}` ? Name : never
type OptionalName<S> = S extends `{-$${infer Name}}` ? Name : never

/** The parameters a pattern names: `$name` is required, `{-$name}` may be left out (its segment is dropped). */
export type PathParams<P extends string> = { readonly [K in RequiredName<Segments<P>>]: string } & {
  readonly [K in OptionalName<Segments<P>>]?: string | undefined
}

const OPTIONAL_SEGMENT = /^\{-\$(\w+)\}$/u

/** The address of `pattern` with its parameters filled in (each one URI-encoded). */
export const pathTo = <P extends RoutePattern>(pattern: P, params: PathParams<P>): string => {
  const values: Readonly<Record<string, string | undefined>> = params
  return pattern
    .split('/')
    .flatMap((segment): string[] => {
      const optional = OPTIONAL_SEGMENT.exec(segment)?.[1]
      if (optional !== undefined) {
        const value = values[optional]
        return value === undefined || value === '' ? [] : [encodeURIComponent(value)]
      }
      if (!segment.startsWith('$')) return [segment]
      const value = values[segment.slice(1)]
      if (value === undefined) throw new Error(`pathTo: ${pattern} needs ${segment}`)
      return [encodeURIComponent(value)]
    })
    .join('/')
}

/** `?key=value&…` of the entries that are set, in the order given; '' when none is. */
const queryOf = (entries: ReadonlyArray<readonly [string, string | undefined]>): string => {
  const query = new URLSearchParams()
  for (const [key, value] of entries) if (value !== undefined) query.set(key, value)
  const text = query.toString()
  return text === '' ? '' : `?${text}`
}

const SEARCH_ORDER: ReadonlyArray<string> = ['view', 'account', 'category']

/** The desktop budget route's search: `view`, `account`, `category` first, then any other key as given. */
export const budgetSearchQuery = (search: BudgetViewSearch = {}): string => {
  const entries = Object.entries(search).flatMap(
    ([key, value]): Array<[string, string]> => (typeof value === 'string' ? [[key, value]] : []),
  )
  const rank = (key: string) => {
    const at = SEARCH_ORDER.indexOf(key)
    return at === -1 ? SEARCH_ORDER.length : at
  }
  return queryOf(entries.sort(([a], [b]) => rank(a) - rank(b)))
}

/** The structure dialogs' mobile routes (SPEC §2). */
export type StructureDialogPath =
  | { readonly kind: 'addGroup' }
  | { readonly kind: 'renameGroup'; readonly groupId: string }
  | { readonly kind: 'deleteGroup'; readonly groupId: string }
  | { readonly kind: 'addCategory'; readonly groupId: string }
  | { readonly kind: 'editCategory'; readonly groupId: string; readonly categoryId: string }
  | { readonly kind: 'deleteCategory'; readonly groupId: string; readonly categoryId: string }

/** The bank account dialogs that have a mobile route of their own. */
export type AccountDialog = 'reconcile' | 'reconcile-edit' | 'transfer' | 'close-modal'

/** The app's addresses by name; both route trees where they share a path, else the tree named. */
export const paths = {
  /** The product onboarding at a place (`survey`, `FirstStep`…`ThirdStep`, `completed`); both route trees. */
  onboarding: (onboardingProgress: string): string =>
    pathTo('/onboarding/$onboardingProgress', { onboardingProgress }),
  /** The budget itself (the router sends it on to the current month). */
  budget: (budgetId: string): string => pathTo('/budget/$budgetId', { budgetId }),
  budgetSettings: (budgetId: string): string => pathTo('/budget/$budgetId/settings', { budgetId }),
  /** Who did what in the budget; both route trees. */
  activity: (budgetId: string): string => pathTo('/budget/$budgetId/activity', { budgetId }),
  statistics: (budgetId: string): string => pathTo('/budget/$budgetId/statistics', { budgetId }),
  /** The loans list, or one loan's page; both route trees. */
  loans: (budgetId: string, loanId?: string): string =>
    pathTo('/budget/$budgetId/loans/{-$loanId}', { budgetId, loanId }),
  /** Phones: members and invitations ('Zaproś do budżetu'); the desktop shows them in budget settings. */
  budgetInvite: (budgetId: string): string => pathTo('/budget/$budgetId/invite', { budgetId }),
  /** An invitation link (both route trees); the server mails the same address. */
  invitation: (token: string): string => pathTo('/invitation/$token', { token }),
  /** Desktop only: SPEC has no phone route for importing a whole budget. */
  budgetImport: (budgetId: string): string => pathTo('/budget/$budgetId/import-budget', { budgetId }),
  /** The bank-file import; an account preselects where the rows go. Both route trees. */
  importTransactions: (budgetId: string, bankAccountId?: string): string =>
    `${pathTo('/budget/$budgetId/import', { budgetId })}${queryOf([['account', bankAccountId]])}`,
  /** Phones: the budget modal route; no id creates. */
  budgetModal: (budgetId: string | null): string =>
    pathTo('/budget/{-$budgetId}/edit', budgetId === null ? {} : { budgetId }),
  /** The budgets list of each route tree (phones may keep the current budget in the address). */
  budgetsList: (device: Device, budgetId: string | null = null): string =>
    device === 'desktop'
      ? pathTo('/budgets', {})
      : pathTo('/budget/{-$budgetId}/list', budgetId === null ? {} : { budgetId }),
  /** A month of the budget; on desktop the search picks the main column's view. */
  period: (budgetId: string, periodKey: string, search?: BudgetViewSearch): string =>
    `${pathTo('/budget/$budgetId/period/$periodKey', { budgetId, periodKey })}${budgetSearchQuery(search)}`,
  /** Phones: the category inspector of a month. */
  category: (budgetId: string, periodKey: string, categoryId: string): string =>
    pathTo('/budget/$budgetId/period/$periodKey/categories/$categoryId', { budgetId, periodKey, categoryId }),
  /** Phones: a category's dialog route. */
  categoryDialog: (
    budgetId: string,
    periodKey: string,
    categoryId: string,
    dialog: 'move-money' | 'cover' | 'target' | 'move' | 'move-transactions',
  ): string =>
    pathTo(`/budget/$budgetId/period/$periodKey/categories/$categoryId/${dialog}`, {
      budgetId,
      periodKey,
      categoryId,
    }),
  /** Phones: the transaction editor (no transaction id adds one; a category id preselects it). */
  transactionEditor: (
    budgetId: string,
    periodKey: string,
    categoryId?: string,
    transactionId?: string,
  ): string =>
    pathTo('/budget/$budgetId/period/$periodKey/categories/{-$categoryId}/transactions/{-$transactionId}', {
      budgetId,
      periodKey,
      categoryId,
      transactionId,
    }),
  /** Phones: the assign dialog, for one category when given. */
  assign: (budgetId: string, periodKey: string, categoryId?: string): string =>
    `${pathTo('/budget/$budgetId/period/$periodKey/assign', { budgetId, periodKey })}${queryOf([['category', categoryId]])}`,
  autoAssign: (budgetId: string, periodKey: string): string =>
    pathTo('/budget/$budgetId/period/$periodKey/auto-assign', { budgetId, periodKey }),
  assignmentHistory: (budgetId: string, periodKey: string): string =>
    pathTo('/budget/$budgetId/period/$periodKey/assignment-history', { budgetId, periodKey }),
  /** Phones: every transaction of the budget. */
  allTransactions: (budgetId: string, periodKey: string): string =>
    pathTo('/budget/$budgetId/period/$periodKey/all-transactions', { budgetId, periodKey }),
  /** Phones: the transactions of one month. */
  periodTransactions: (budgetId: string, periodKey: string): string =>
    pathTo('/budget/$budgetId/$periodKey/transactions', { budgetId, periodKey }),
  /** Phones: the accounts list and one account. */
  bankAccounts: (budgetId: string, periodKey: string): string =>
    pathTo('/budget/$budgetId/period/$periodKey/bankAccounts', { budgetId, periodKey }),
  bankAccount: (budgetId: string, periodKey: string, bankAccountId: string): string =>
    pathTo('/budget/$budgetId/period/$periodKey/bankAccounts/$bankAccountId', {
      budgetId,
      periodKey,
      bankAccountId,
    }),
  /** Phones: add (no id) or rename a bank account. */
  bankAccountModal: (budgetId: string, bankAccountId?: string): string =>
    pathTo('/budget/$budgetId/bankAccount/{-$bankAccountId}/modal', { budgetId, bankAccountId }),
  /** Phones: an account's dialog route. */
  bankAccountDialog: (budgetId: string, bankAccountId: string, dialog: AccountDialog): string =>
    dialog === 'close-modal'
      ? pathTo('/budget/$budgetId/bankAccount/{-$bankAccountId}/close-modal', { budgetId, bankAccountId })
      : pathTo(`/budget/$budgetId/bankAccount/$bankAccountId/${dialog}`, { budgetId, bankAccountId }),
  /** Phones: a structure dialog's route. */
  structureDialog: (budgetId: string, dialog: StructureDialogPath): string => {
    switch (dialog.kind) {
      case 'addGroup':
        return pathTo('/budget/$budgetId/category-group/{-$categoryGroupId}', { budgetId })
      case 'renameGroup':
        return pathTo('/budget/$budgetId/category-group/{-$categoryGroupId}', {
          budgetId,
          categoryGroupId: dialog.groupId,
        })
      case 'deleteGroup':
        return pathTo('/budget/$budgetId/category-group/$categoryGroupId/delete', {
          budgetId,
          categoryGroupId: dialog.groupId,
        })
      case 'addCategory':
        return pathTo('/budget/$budgetId/group/$categoryGroupId', {
          budgetId,
          categoryGroupId: dialog.groupId,
        })
      case 'editCategory':
        return pathTo('/budget/$budgetId/group/$categoryGroupId/category/$categoryId', {
          budgetId,
          categoryGroupId: dialog.groupId,
          categoryId: dialog.categoryId,
        })
      case 'deleteCategory':
        return pathTo('/budget/$budgetId/group/$categoryGroupId/category/$categoryId/delete', {
          budgetId,
          categoryGroupId: dialog.groupId,
          categoryId: dialog.categoryId,
        })
    }
  },
}
