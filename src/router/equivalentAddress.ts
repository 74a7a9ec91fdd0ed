import * as Schema from 'effect/Schema'
import { BankAccountId, CategoryGroupId, CategoryId, TemplateId, TransactionId } from '../../schemas/ids.ts'
import { IsoDate } from '../../schemas/money.ts'
import type { Device } from '../layouts/navigation.ts'
import {
  type DialogAddress,
  dialogOfSearch,
  dialogSearch,
  mobileDialogHref,
} from '../views/dialogs/address.ts'
import { type BudgetViewSearch, validateBudgetSearch, validateBudgetsSearch } from './budgetSearch.ts'
import { type DesktopPattern, type MobilePattern, paths } from './paths.ts'

// One address, every device (DESIGN; issue 27): a link made on a laptop and opened on a phone, or the other way
// round, lands on the screen that device shows for the same thing. The tables below list, for each tree, the
// addresses only the OTHER tree declares (or declares with a meaning this tree keeps elsewhere, like the desktop's
// `?view=accounts`) and where they land here. Addresses both trees declare alike are in neither table.

type Params = Readonly<Record<string, string | undefined>>

/** What a rule sees of the address it rewrites; `currentPeriod` is the month to open when the address has none. */
type Found = { readonly params: Params; readonly search: URLSearchParams; readonly currentPeriod: string }

type Rule<P extends string> = {
  /** A route pattern of the other tree, in TanStack's syntax (`$name` required, `{-$name}` optional). */
  readonly from: P
  /** This tree's address for it, or null when the address is already this tree's own. */
  readonly to: (found: Found) => string | null
}

const param = (found: Found, name: string): string => found.params[name] ?? ''
const searchOf = (found: Found): Record<string, unknown> => Object.fromEntries(found.search)

/** The month of the address's budget and period, on desktop with the given search. */
const desktopMonth = (found: Found, search: BudgetViewSearch = {}, period?: string): string =>
  paths.period(param(found, 'budgetId'), period ?? param(found, 'periodKey'), search)

/** A desktop dialog over the month (of the address's period, else the current one). */
const desktopDialog = (found: Found, address: DialogAddress, extra: BudgetViewSearch = {}): string =>
  desktopMonth(found, { ...extra, ...dialogSearch(address) }, found.params.periodKey ?? found.currentPeriod)

const categoryId = (found: Found): CategoryId => CategoryId.make(param(found, 'categoryId'))
const groupId = (found: Found): CategoryGroupId => CategoryGroupId.make(param(found, 'categoryGroupId'))
const accountId = (found: Found): BankAccountId => BankAccountId.make(param(found, 'bankAccountId'))
const optional = <T>(value: string | undefined, make: (text: string) => T): T | undefined =>
  value === undefined || value === '' ? undefined : make(value)

const isIsoDate = Schema.is(IsoDate)
const PERIOD = '/budget/$budgetId/period/$periodKey' as const
const categoryDialog =
  (kind: 'moveMoney' | 'cover' | 'target' | 'moveCategory' | 'moveTransactions') =>
  (found: Found): string =>
    desktopDialog(found, { kind, categoryId: categoryId(found) })
const accountDialog =
  (kind: 'reconcile' | 'reconcileEdit' | 'transfer' | 'renameAccount' | 'closeAccount') =>
  (found: Found): string =>
    desktopDialog(
      found,
      { kind, bankAccountId: accountId(found) },
      { view: 'transactions', account: accountId(found) },
    )

/** Phone addresses (SPEC §2 "Mobile set") the desktop tree does not know, and the desktop screen of each. */
export const TO_DESKTOP: ReadonlyArray<Rule<MobilePattern>> = [
  // The desktop signs in at the identity provider: its welcome and login are the app itself.
  { from: '/welcome', to: () => '/' },
  { from: '/login', to: () => '/' },
  { from: '/special-offer', to: () => '/settings/subscription' },
  // The desktop's settings pages (language and theme sit in its header) start at the access tokens.
  { from: '/settings', to: () => '/settings/tokens' },
  // The desktop chooses the channels per type inside its reminders page (SPEC's desktop set has no notifications).
  { from: '/settings/notifications', to: () => '/settings/reminders' },
  { from: '/settings/reminder', to: () => '/settings/reminders' },
  {
    from: '/budget/{-$budgetId}/list',
    to: (found) => `/budgets${queryOf(validateBudgetsSearch(searchOf(found)))}`,
  },
  {
    from: '/budget/{-$budgetId}/edit',
    to: (found) =>
      found.params.budgetId === undefined
        ? '/budgets?dialog=createBudget'
        : `/budgets${queryOf({ dialog: 'editBudget', dialogBudget: found.params.budgetId })}`,
  },
  // With a budget, the desktop's own import route; without one, the desktop picks the budget from its list first.
  {
    from: '/budget/{-$budgetId}/import',
    to: (found) => (found.params.budgetId === undefined ? '/budgets' : null),
  },
  { from: '/budget/$budgetId/invite', to: (found) => paths.budgetSettings(param(found, 'budgetId')) },
  { from: `${PERIOD}/bankAccounts`, to: (found) => desktopMonth(found, { view: 'accounts' }) },
  {
    from: `${PERIOD}/bankAccounts/$bankAccountId`,
    to: (found) => desktopMonth(found, { view: 'transactions', account: accountId(found) }),
  },
  { from: `${PERIOD}/all-transactions`, to: (found) => desktopMonth(found, { view: 'transactions' }) },
  {
    from: '/budget/$budgetId/$periodKey/transactions',
    to: (found) => desktopMonth(found, { view: 'transactions' }),
  },
  {
    from: `${PERIOD}/assign`,
    to: (found) =>
      desktopDialog(found, {
        kind: 'assign',
        categoryId: optional(found.search.get('category') ?? undefined, CategoryId.make),
      }),
  },
  { from: `${PERIOD}/auto-assign`, to: (found) => desktopDialog(found, { kind: 'autoAssign' }) },
  {
    from: `${PERIOD}/assignment-history`,
    to: (found) => desktopDialog(found, { kind: 'assignmentHistory' }),
  },
  // A category's screen on the phone is its inspector on the desktop.
  {
    from: `${PERIOD}/categories/$categoryId`,
    to: (found) => desktopMonth(found, { category: categoryId(found) }),
  },
  { from: `${PERIOD}/categories/$categoryId/move-money`, to: categoryDialog('moveMoney') },
  { from: `${PERIOD}/categories/$categoryId/move`, to: categoryDialog('moveCategory') },
  { from: `${PERIOD}/categories/$categoryId/target`, to: categoryDialog('target') },
  { from: `${PERIOD}/categories/$categoryId/move-transactions`, to: categoryDialog('moveTransactions') },
  { from: `${PERIOD}/categories/$categoryId/cover`, to: categoryDialog('cover') },
  {
    from: `${PERIOD}/categories/{-$categoryId}/transactions/{-$transactionId}`,
    to: (found) =>
      desktopDialog(found, {
        kind: 'transaction',
        categoryId: optional(found.params.categoryId, CategoryId.make),
        transactionId: optional(found.params.transactionId, TransactionId.make),
      }),
  },
  {
    from: `${PERIOD}/categories/{-$categoryId}/templates/{-$transactionTemplateId}`,
    to: (found) =>
      desktopDialog(found, {
        kind: 'transactionTemplate',
        categoryId: optional(found.params.categoryId, CategoryId.make),
        templateId: optional(found.params.transactionTemplateId, TemplateId.make),
      }),
  },
  {
    from: `${PERIOD}/categories/{-$categoryId}/templates/$transactionTemplateId/date/$templateDate/confirm`,
    to: (found) => {
      const date = found.params.templateDate
      const categoryId = optional(found.params.categoryId, CategoryId.make)
      // A date that does not read opens the category's month, as an unknown address does.
      return isIsoDate(date)
        ? desktopDialog(found, {
            kind: 'transactionDraft',
            templateId: TemplateId.make(param(found, 'transactionTemplateId')),
            date,
            categoryId,
          })
        : desktopMonth(found, { category: categoryId })
    },
  },
  {
    from: '/budget/$budgetId/group/$categoryGroupId/category/$categoryId',
    to: (found) =>
      desktopDialog(found, { kind: 'editCategory', groupId: groupId(found), categoryId: categoryId(found) }),
  },
  {
    from: '/budget/$budgetId/group/$categoryGroupId/category/$categoryId/delete',
    to: (found) =>
      desktopDialog(found, {
        kind: 'deleteCategory',
        groupId: groupId(found),
        categoryId: categoryId(found),
      }),
  },
  {
    from: '/budget/$budgetId/group/$categoryGroupId',
    to: (found) => desktopDialog(found, { kind: 'addCategory', groupId: groupId(found) }),
  },
  {
    from: '/budget/$budgetId/category-group/{-$categoryGroupId}',
    to: (found) =>
      found.params.categoryGroupId === undefined
        ? desktopDialog(found, { kind: 'addGroup' })
        : desktopDialog(found, { kind: 'renameGroup', groupId: groupId(found) }),
  },
  {
    from: '/budget/$budgetId/category-group/$categoryGroupId/delete',
    to: (found) => desktopDialog(found, { kind: 'deleteGroup', groupId: groupId(found) }),
  },
  {
    from: '/budget/$budgetId/bankAccount/{-$bankAccountId}/modal',
    to: (found) =>
      found.params.bankAccountId === undefined
        ? desktopDialog(found, { kind: 'addAccount' }, { view: 'accounts' })
        : accountDialog('renameAccount')(found),
  },
  {
    from: '/budget/$budgetId/bankAccount/{-$bankAccountId}/close-modal',
    to: (found) =>
      found.params.bankAccountId === undefined
        ? desktopMonth(found, { view: 'accounts' }, found.currentPeriod)
        : accountDialog('closeAccount')(found),
  },
  { from: '/budget/$budgetId/bankAccount/$bankAccountId/reconcile', to: accountDialog('reconcile') },
  { from: '/budget/$budgetId/bankAccount/$bankAccountId/reconcile-edit', to: accountDialog('reconcileEdit') },
  { from: '/budget/$budgetId/bankAccount/$bankAccountId/transfer', to: accountDialog('transfer') },
]

/** The phone's screen of a desktop month address: its dialog, view or selected category; null for the month. */
const phoneScreenOfMonth = (found: Found): string | null => {
  const budgetId = param(found, 'budgetId')
  const periodKey = param(found, 'periodKey')
  const search = validateBudgetSearch(searchOf(found))
  const dialog = dialogOfSearch(search)
  if (dialog !== null)
    return mobileDialogHref(budgetId, periodKey, dialog) ?? paths.bankAccounts(budgetId, periodKey)
  if (search.view === 'accounts') return paths.bankAccounts(budgetId, periodKey)
  if (search.view === 'transactions')
    return search.account === undefined
      ? paths.allTransactions(budgetId, periodKey)
      : paths.bankAccount(budgetId, periodKey, search.account)
  if (search.category !== undefined) return paths.category(budgetId, periodKey, search.category)
  return null
}

/** Desktop addresses (SPEC §2 "Desktop set") the phone tree does not know or shows elsewhere, and the phone's screen. */
export const TO_MOBILE: ReadonlyArray<Rule<DesktopPattern>> = [
  {
    from: '/budgets',
    to: (found) => {
      const search = validateBudgetsSearch(searchOf(found))
      if (search.dialog === 'createBudget') return paths.budgetModal(null)
      if (search.dialog === 'editBudget' && search.dialogBudget !== undefined)
        return paths.budgetModal(search.dialogBudget)
      return `${paths.budgetsList('mobile')}${queryOf(search)}`
    },
  },
  { from: '/settings/reminders', to: () => '/settings/reminder' },
  // Test and demo data are a desktop tool; the phone has nothing to show for them.
  { from: '/test-data/$secret/$transactionsPerMonth', to: () => '/' },
  { from: '/demo-data/$secret', to: () => '/' },
  {
    from: '/budget/$budgetId/import-budget',
    to: (found) => `/budget/${enc(param(found, 'budgetId'))}/import`,
  },
  {
    from: '/budget/$budgetId/bank-connection/$bankConnectionId',
    to: (found) => paths.bankAccounts(param(found, 'budgetId'), found.currentPeriod),
  },
  {
    from: '/budget/$budgetId/verify-transactions',
    to: (found) => paths.allTransactions(param(found, 'budgetId'), found.currentPeriod),
  },
  { from: PERIOD, to: phoneScreenOfMonth },
]

const enc = encodeURIComponent

/** `?key=value…` of the set entries, '' when none is. */
const queryOf = (entries: Readonly<Record<string, string | undefined>>): string => {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(entries)) if (value !== undefined) query.set(key, value)
  const text = query.toString()
  return text === '' ? '' : `?${text}`
}

const OPTIONAL = /^\{-\$(\w+)\}$/u

/**
 * The parameters of `path` (split, decoded segments) under `pattern`, or null when it does not match. An optional
 * segment is tried present first, then absent, like TanStack's matching.
 */
const matchSegments = (pattern: ReadonlyArray<string>, path: ReadonlyArray<string>): Params | null => {
  const [head, ...rest] = pattern
  if (head === undefined) return path.length === 0 ? {} : null
  const optional = OPTIONAL.exec(head)?.[1]
  const [segment, ...tail] = path
  if (optional !== undefined) {
    const present = segment === undefined ? null : matchSegments(rest, tail)
    if (present !== null && segment !== undefined) return { ...present, [optional]: segment }
    return matchSegments(rest, path)
  }
  if (segment === undefined) return null
  if (head.startsWith('$')) {
    const found = matchSegments(rest, tail)
    return found === null ? null : { ...found, [head.slice(1)]: segment }
  }
  return head === segment ? matchSegments(rest, tail) : null
}

const segmentsOf = (path: string): string[] => path.split('/').filter((segment) => segment !== '')

/** The parameters of a decoded `pathname` under a route `pattern`, or null when it does not match. */
export const patternParams = (pattern: string, pathname: string): Params | null =>
  matchSegments(segmentsOf(pattern), segmentsOf(pathname))

const decoded = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

/**
 * Where an address of the other device's routes lands on `device`: this device's address of the same screen, or
 * null when the address is this device's own (or no route of either tree). `currentPeriod` (YYYYMM) is the month
 * opened for an address that names none.
 */
export const equivalentAddress = (
  device: Device,
  address: { readonly pathname: string; readonly searchStr: string },
  currentPeriod: string,
): string | null => {
  const path = segmentsOf(address.pathname).map(decoded)
  if (path.some((segment) => segment === null)) return null
  const segments = path.filter((segment): segment is string => segment !== null)
  const search = new URLSearchParams(address.searchStr)
  // Like TanStack's ranking, a fixed segment beats a parameter: `categories/transactions` is the transaction
  // editor, not a category named "transactions".
  let best: { readonly rule: Rule<string>; readonly params: Params; readonly fixed: number } | null = null
  for (const rule of device === 'mobile' ? TO_MOBILE : TO_DESKTOP) {
    const pattern = segmentsOf(rule.from)
    const params = matchSegments(pattern, segments)
    const fixed = pattern.filter((segment) => !segment.startsWith('$') && !OPTIONAL.test(segment)).length
    if (params !== null && (best === null || fixed > best.fixed)) best = { rule, params, fixed }
  }
  return best === null ? null : best.rule.to({ params: best.params, search, currentPeriod })
}
