import { paths } from '../router/paths.ts'

/** Side panel / menu destinations. The two route trees spell some paths differently (SPEC §2). */
export type NavItem = { readonly labelKey: string; readonly href: string }

export type Device = 'desktop' | 'mobile'

/** The budget the current address is in, if any: phones reach its accounts and settings from the menu. */
export type OpenBudgetPlace = { readonly budgetId: string; readonly periodKey: string }

const desktop: ReadonlyArray<NavItem> = [
  { labelKey: 'nav.budgets', href: paths.budgetsList('desktop') },
  { labelKey: 'nav.subscription', href: '/settings/subscription' },
  { labelKey: 'nav.reminders', href: '/settings/reminders' },
  { labelKey: 'nav.referral', href: '/settings/referral' },
  { labelKey: 'nav.tokens', href: '/settings/tokens' },
  { labelKey: 'nav.health', href: '/health' },
]

/**
 * Phones have no side panel: the menu is the only way to the budgets list and, inside a budget, to its bank
 * month, bank accounts and settings (the desktop's side panel shows those in its budget section).
 */
const mobile = (budget: OpenBudgetPlace | null): ReadonlyArray<NavItem> => [
  { labelKey: 'nav.budgets', href: paths.budgetsList('mobile', budget?.budgetId ?? null) },
  ...(budget === null
    ? []
    : [
        { labelKey: 'nav.month', href: paths.period(budget.budgetId, budget.periodKey) },
        { labelKey: 'nav.bankAccounts', href: paths.bankAccounts(budget.budgetId, budget.periodKey) },
        { labelKey: 'nav.budgetSettings', href: paths.budgetSettings(budget.budgetId) },
      ]),
  { labelKey: 'nav.settings', href: '/settings' },
  { labelKey: 'nav.subscription', href: '/settings/subscription' },
  { labelKey: 'nav.reminders', href: '/settings/reminder' },
  { labelKey: 'nav.referral', href: '/settings/referral' },
  { labelKey: 'nav.tokens', href: '/settings/tokens' },
  { labelKey: 'nav.health', href: '/health' },
]

export const navigationFor = (
  device: Device,
  budget: OpenBudgetPlace | null = null,
): ReadonlyArray<NavItem> => (device === 'mobile' ? mobile(budget) : desktop)
