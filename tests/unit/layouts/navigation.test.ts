import { createRouter } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { navigationFor, phoneTabs, tabOfRoute } from '../../../src/layouts/navigation.ts'
import { routeStatusAt } from '../../../src/layouts/routeStatus.ts'
import { desktopRouteTree } from '../../../src/router/desktopRoutes.ts'
import type { RouterContext } from '../../../src/router/guards.ts'
import { mobileRouteTree } from '../../../src/router/mobileRoutes.ts'

// Only the matcher is used: no route loads, so the guards' context is never read (hence the empty stand-in).
const context = {} as RouterContext
const desktop = createRouter({ routeTree: desktopRouteTree, context })
const mobile = createRouter({ routeTree: mobileRouteTree, context })
const place = { budgetId: 'b1', periodKey: '202611' }

describe('phone tabs', () => {
  it('lead to the open budget’s month, accounts and transactions, then to settings', () => {
    expect(phoneTabs(place).map((tab) => [tab.id, tab.href])).toEqual([
      ['month', '/budget/b1/period/202611'],
      ['accounts', '/budget/b1/period/202611/bankAccounts'],
      ['transactions', '/budget/b1/period/202611/all-transactions'],
      ['more', '/settings'],
    ])
  })

  it('without a budget offer the budgets list instead of tabs that lead nowhere', () => {
    expect(phoneTabs(null).map((tab) => [tab.id, tab.href])).toEqual([
      ['month', '/budget/list'],
      ['more', '/settings'],
    ])
  })

  it('every tab leads to a built route of the phone’s tree', () => {
    for (const tab of [...phoneTabs(place), ...phoneTabs(null)])
      expect(routeStatusAt(mobile, tab.href), tab.href).toBe('built')
  })

  it('mark the tab of the screen shown, dialogs under the month included', () => {
    expect(tabOfRoute('budget', true)).toBe('month')
    expect(tabOfRoute('budgetAssign', true)).toBe('month')
    expect(tabOfRoute('bankAccount', true)).toBe('accounts')
    expect(tabOfRoute('reconcile', true)).toBe('accounts')
    expect(tabOfRoute('transactions', true)).toBe('transactions')
    expect(tabOfRoute('settingsTokens', true)).toBe('more')
    expect(tabOfRoute('budgetsList', true)).toBe('more')
    expect(tabOfRoute('budgetsList', false)).toBe('month')
  })
})

describe('route status of a navigation address', () => {
  it('reads the status of the route the address leads to, ignoring the query', () => {
    expect(routeStatusAt(desktop, '/settings/tokens')).toBe('built')
    expect(routeStatusAt(desktop, '/settings/subscription')).toBe('notAvailable')
    expect(routeStatusAt(mobile, '/settings/reminder')).toBe('built')
    expect(routeStatusAt(mobile, '/settings/referral')).toBe('notAvailable')
    expect(routeStatusAt(desktop, '/budget/b1/period/202611?view=accounts')).toBe('built')
  })

  it('knows no route for an address the tree does not have', () => {
    expect(routeStatusAt(desktop, '/settings')).toBeNull()
  })

  it('lists menu items not built yet, so the shell can leave them out', () => {
    const notBuilt = (router: typeof desktop | typeof mobile, device: 'desktop' | 'mobile') =>
      navigationFor(device, place)
        .filter((item) => routeStatusAt(router, item.href) !== 'built')
        .map((item) => item.labelKey)
    expect(notBuilt(desktop, 'desktop')).toEqual(['nav.subscription', 'nav.referral'])
    expect(notBuilt(mobile, 'mobile')).toEqual(['nav.subscription', 'nav.referral'])
  })
})
