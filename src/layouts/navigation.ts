import { paths } from '../router/paths.ts'

/** Side panel / menu destinations. The two route trees spell some paths differently (SPEC §2). */
export type NavItem = { readonly labelKey: string; readonly href: string }

export type Device = 'desktop' | 'mobile'

/** The budget the current address is in, if any: phones reach its accounts and settings from the menu. */
export type OpenBudgetPlace = { readonly budgetId: string; readonly periodKey: string }

// Screens a later issue builds (subscription, referral) stay listed here: the shell shows
// only the items whose route is built (useBuiltItems), so each one appears once its route's status says 'built'.
const desktop: ReadonlyArray<NavItem> = [
  { labelKey: 'nav.budgets', href: paths.budgetsList('desktop') },
  { labelKey: 'nav.subscription', href: '/settings/subscription' },
  { labelKey: 'nav.reminders', href: '/settings/reminders' },
  { labelKey: 'nav.referral', href: '/settings/referral' },
  { labelKey: 'nav.tokens', href: '/settings/tokens' },
  { labelKey: 'nav.health', href: '/health' },
]

/**
 * The phone's header menu. The bottom tab bar is the main way round a budget; the menu repeats the budget's places
 * and adds the rest, so each screen stays two taps away from anywhere.
 */
const mobile = (budget: OpenBudgetPlace | null): ReadonlyArray<NavItem> => [
  { labelKey: 'nav.budgets', href: paths.budgetsList('mobile', budget?.budgetId ?? null) },
  ...(budget === null
    ? []
    : [
        { labelKey: 'nav.month', href: paths.period(budget.budgetId, budget.periodKey) },
        { labelKey: 'nav.bankAccounts', href: paths.bankAccounts(budget.budgetId, budget.periodKey) },
        { labelKey: 'nav.importTransactions', href: paths.importTransactions(budget.budgetId) },
        { labelKey: 'nav.budgetSettings', href: paths.budgetSettings(budget.budgetId) },
        { labelKey: 'nav.activity', href: paths.activity(budget.budgetId) },
        { labelKey: 'nav.statistics', href: paths.statistics(budget.budgetId) },
        { labelKey: 'nav.loans', href: paths.loans(budget.budgetId) },
      ]),
  { labelKey: 'nav.settings', href: '/settings' },
  { labelKey: 'nav.subscription', href: '/settings/subscription' },
  { labelKey: 'nav.reminders', href: '/settings/reminder' },
  { labelKey: 'nav.referral', href: '/settings/referral' },
  { labelKey: 'nav.notifications', href: '/settings/notifications' },
  { labelKey: 'nav.tokens', href: '/settings/tokens' },
  { labelKey: 'nav.health', href: '/health' },
]

export const navigationFor = (
  device: Device,
  budget: OpenBudgetPlace | null = null,
): ReadonlyArray<NavItem> => (device === 'mobile' ? mobile(budget) : desktop)

/** The phone's bottom tabs (like YNAB's and Actual's): the month, accounts, transactions and everything else. */
export type TabId = 'month' | 'accounts' | 'transactions' | 'more'

export type Tab = { readonly id: TabId; readonly labelKey: string; readonly href: string }

/**
 * With a budget open (or remembered) the bar leads to its month, accounts and transactions; with none yet, the
 * first tab is the budgets list and the budget's own tabs are left out rather than shown leading nowhere.
 */
export const phoneTabs = (budget: OpenBudgetPlace | null): ReadonlyArray<Tab> => [
  ...(budget === null
    ? [{ id: 'month' as const, labelKey: 'tabs.budgets', href: paths.budgetsList('mobile') }]
    : [
        {
          id: 'month' as const,
          labelKey: 'tabs.month',
          href: paths.period(budget.budgetId, budget.periodKey),
        },
        {
          id: 'accounts' as const,
          labelKey: 'tabs.accounts',
          href: paths.bankAccounts(budget.budgetId, budget.periodKey),
        },
        {
          id: 'transactions' as const,
          labelKey: 'tabs.transactions',
          href: paths.allTransactions(budget.budgetId, budget.periodKey),
        },
      ]),
  { id: 'more', labelKey: 'tabs.more', href: '/settings' },
]

const ACCOUNT_ROUTES: ReadonlySet<string> = new Set([
  'bankAccounts',
  'bankAccount',
  'bankAccountModal',
  'closeBankAccount',
  'reconcile',
  'reconcileEdit',
  'transfer',
  // Rows are imported into an account, from its screen or from 'more'.
  'importTransactions',
])
const TRANSACTION_ROUTES: ReadonlySet<string> = new Set(['transactions', 'periodTransactions'])
const MORE_ROUTES: ReadonlySet<string> = new Set([
  'settings',
  'settingsSubscription',
  'settingsReminder',
  'settingsReferral',
  'settingsTokens',
  'notifications',
  'budgetSettings',
  'activity',
  'statistics',
  'loans',
  'budgetModal',
  'budgetInvite',
  'subscriptionExpired',
  'subscriptionExtended',
  'specialOffer',
])

/** The tab a route (by its SPEC name) belongs to; the month and everything opened from it is the first tab. */
export const tabOfRoute = (routeName: string, hasBudget: boolean): TabId => {
  if (ACCOUNT_ROUTES.has(routeName)) return 'accounts'
  if (TRANSACTION_ROUTES.has(routeName)) return 'transactions'
  if (MORE_ROUTES.has(routeName)) return 'more'
  // The budgets list is the first tab while no budget is open, else a place reached from 'more'.
  if (routeName === 'budgetsList' || routeName === 'home') return hasBudget ? 'more' : 'month'
  return 'month'
}
