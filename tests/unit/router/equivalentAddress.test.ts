import type { AnyRoute } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { desktopRouteTree } from '../../../src/router/desktopRoutes.ts'
import {
  equivalentAddress,
  patternParams,
  TO_DESKTOP,
  TO_MOBILE,
} from '../../../src/router/equivalentAddress.ts'
import { mobileRouteTree } from '../../../src/router/mobileRoutes.ts'

const NOW = '202611'

/** The full path of every route with a view, joined from its parents' (pathless layouts add none). */
const patternsOf = (route: AnyRoute, parentPath = ''): string[] => {
  const options = route.options
  const own =
    options !== undefined && 'path' in options && typeof options.path === 'string' ? options.path : undefined
  const path = own === undefined ? parentPath : `${parentPath.replace(/\/$/u, '')}/${own.replace(/^\//u, '')}`
  const children: AnyRoute[] = Object.values(route.children ?? {})
  const row = route.options?.staticData?.kind === 'layout' ? [] : [path]
  return [...row, ...children.flatMap((child) => patternsOf(child, path))]
}
const desktopPatterns = patternsOf(desktopRouteTree)
const mobilePatterns = patternsOf(mobileRouteTree)

/** The pattern with sample values: every parameter named after itself, optional ones given or left out. */
const samples = (pattern: string): string[] => {
  const filled = (withOptional: boolean) =>
    pattern
      .split('/')
      .flatMap((segment) => {
        const optional = /^\{-\$(\w+)\}$/u.exec(segment)?.[1]
        if (optional !== undefined) return withOptional ? [`${optional}-1`] : []
        if (segment.startsWith('$')) return [segment === '$periodKey' ? '202510' : `${segment.slice(1)}-1`]
        return [segment]
      })
      .join('/')
  return [...new Set([filled(true), filled(false)])]
}

const landsOn = (patterns: ReadonlyArray<string>, href: string) => {
  const pathname = new URL(href, 'http://x').pathname
  return patterns.some((pattern) => patternParams(pattern, decodeURIComponent(pathname)) !== null)
}

describe('one address, every device', () => {
  it.each([
    ['desktop', mobilePatterns, desktopPatterns, TO_DESKTOP],
    ['mobile', desktopPatterns, mobilePatterns, TO_MOBILE],
  ] as const)('on %s, every route only the other tree declares has a landing', (_, other, own, table) => {
    // A pattern is this tree's own when each of its addresses matches one of this tree's patterns.
    const foreign = other.filter(
      (pattern) => !samples(pattern).every((address) => own.some((mine) => patternParams(mine, address))),
    )
    const mapped: ReadonlyArray<string> = table.map((rule) => rule.from)
    expect(foreign.filter((pattern) => !mapped.includes(pattern))).toEqual([])
  })

  it.each([
    ['desktop', TO_DESKTOP, desktopPatterns],
    ['mobile', TO_MOBILE, mobilePatterns],
  ] as const)('on %s, every landing is a route of its own tree, and lands for good', (device, table, own) => {
    for (const rule of table)
      for (const address of samples(rule.from)) {
        const to = equivalentAddress(device, { pathname: address, searchStr: '' }, NOW)
        if (to === null) continue
        expect(landsOn(own, to), `${address} → ${to}`).toBe(true)
        const [pathname = '', searchStr = ''] = to.split('?')
        expect(equivalentAddress(device, { pathname, searchStr }, NOW), `${to} again`).toBeNull()
      }
  })

  const desktop = (pathname: string, searchStr = '') =>
    equivalentAddress('desktop', { pathname, searchStr }, NOW)
  const mobile = (pathname: string, searchStr = '') =>
    equivalentAddress('mobile', { pathname, searchStr }, NOW)

  it('sends a phone address to the desktop screen of the same thing', () => {
    expect(desktop('/budget/list')).toBe('/budgets')
    expect(desktop('/budget/b1/list')).toBe('/budgets')
    expect(desktop('/budget/b1/list', 'dialog=deleteBudget&dialogBudget=b2')).toBe(
      '/budgets?dialog=deleteBudget&dialogBudget=b2',
    )
    expect(desktop('/budget/edit')).toBe('/budgets?dialog=createBudget')
    expect(desktop('/budget/b1/edit')).toBe('/budgets?dialog=editBudget&dialogBudget=b1')
    expect(desktop('/settings/reminder')).toBe('/settings/reminders')
    expect(desktop('/settings/notifications')).toBe('/settings/reminders')
    expect(desktop('/budget/b1/period/202510/bankAccounts')).toBe('/budget/b1/period/202510?view=accounts')
    expect(desktop('/budget/b1/period/202510/bankAccounts/a%201')).toBe(
      '/budget/b1/period/202510?view=transactions&account=a+1',
    )
    expect(desktop('/budget/b1/period/202510/all-transactions')).toBe(
      '/budget/b1/period/202510?view=transactions',
    )
    expect(desktop('/budget/b1/202510/transactions')).toBe('/budget/b1/period/202510?view=transactions')
    expect(desktop('/budget/b1/period/202510/categories/c1')).toBe('/budget/b1/period/202510?category=c1')
    expect(desktop('/budget/b1/period/202510/categories/c1/move-money')).toBe(
      '/budget/b1/period/202510?dialog=moveMoney&dialogCategory=c1',
    )
    expect(desktop('/budget/b1/period/202510/assign', 'category=c1')).toBe(
      '/budget/b1/period/202510?dialog=assign&dialogCategory=c1',
    )
    expect(desktop('/budget/b1/period/202510/categories/transactions')).toBe(
      '/budget/b1/period/202510?dialog=transaction',
    )
    expect(desktop('/budget/b1/group/g1/category/c1')).toBe(
      '/budget/b1/period/202611?dialog=editCategory&dialogCategory=c1&dialogGroup=g1',
    )
    expect(desktop('/budget/b1/category-group')).toBe('/budget/b1/period/202611?dialog=addGroup')
    expect(desktop('/budget/b1/bankAccount/a1/reconcile')).toBe(
      '/budget/b1/period/202611?view=transactions&account=a1&dialog=reconcile&dialogAccount=a1',
    )
    expect(desktop('/budget/b1/bankAccount/modal')).toBe(
      '/budget/b1/period/202611?view=accounts&dialog=addAccount',
    )
  })

  it('sends a desktop address to the phone screen of the same thing', () => {
    expect(mobile('/budgets')).toBe('/budget/list')
    expect(mobile('/budgets', 'dialog=createBudget')).toBe('/budget/edit')
    expect(mobile('/budgets', 'dialog=editBudget&dialogBudget=b1')).toBe('/budget/b1/edit')
    expect(mobile('/settings/reminders')).toBe('/settings/reminder')
    expect(mobile('/budget/b1/period/202510', 'view=accounts')).toBe('/budget/b1/period/202510/bankAccounts')
    expect(mobile('/budget/b1/period/202510', 'view=transactions&account=a1')).toBe(
      '/budget/b1/period/202510/bankAccounts/a1',
    )
    expect(mobile('/budget/b1/period/202510', 'view=transactions')).toBe(
      '/budget/b1/period/202510/all-transactions',
    )
    expect(mobile('/budget/b1/period/202510', 'category=c1')).toBe('/budget/b1/period/202510/categories/c1')
    expect(mobile('/budget/b1/period/202510', 'dialog=cover&dialogCategory=c1')).toBe(
      '/budget/b1/period/202510/categories/c1/cover',
    )
    expect(mobile('/budget/b1/period/202510', 'dialog=addCategory&dialogGroup=g1')).toBe(
      '/budget/b1/group/g1',
    )
  })

  it("leaves a device's own addresses, and unknown ones, alone", () => {
    expect(desktop('/budgets')).toBeNull()
    expect(desktop('/budget/b1/period/202510', 'view=accounts')).toBeNull()
    expect(desktop('/budget/b1/import')).toBeNull()
    expect(mobile('/budget/list')).toBeNull()
    expect(mobile('/budget/b1/period/202510')).toBeNull()
    expect(mobile('/budget/b1/settings')).toBeNull()
    expect(mobile('/nowhere')).toBeNull()
  })
})
