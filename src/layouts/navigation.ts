/** Side panel / menu destinations. The two route trees spell some paths differently (SPEC §2). */
export type NavItem = { readonly labelKey: string; readonly href: string }

export type Device = 'desktop' | 'mobile'

const desktop: ReadonlyArray<NavItem> = [
  { labelKey: 'nav.budgets', href: '/budgets' },
  { labelKey: 'nav.subscription', href: '/settings/subscription' },
  { labelKey: 'nav.reminders', href: '/settings/reminders' },
  { labelKey: 'nav.referral', href: '/settings/referral' },
  { labelKey: 'nav.tokens', href: '/settings/tokens' },
  { labelKey: 'nav.health', href: '/health' },
]

const mobile: ReadonlyArray<NavItem> = [
  { labelKey: 'nav.budgets', href: '/' },
  { labelKey: 'nav.settings', href: '/settings' },
  { labelKey: 'nav.subscription', href: '/settings/subscription' },
  { labelKey: 'nav.reminders', href: '/settings/reminder' },
  { labelKey: 'nav.referral', href: '/settings/referral' },
  { labelKey: 'nav.tokens', href: '/settings/tokens' },
  { labelKey: 'nav.health', href: '/health' },
]

export const navigationFor = (device: Device): ReadonlyArray<NavItem> =>
  device === 'mobile' ? mobile : desktop
