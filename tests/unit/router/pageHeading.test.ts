import { describe, expect, it } from 'vitest'
import { pageHeadingOf } from '../../../src/layouts/pageHeading.ts'
import { meta } from '../../../src/router/staticData.ts'

describe('the page heading names the view', () => {
  const month = meta('budget', { status: 'built' })
  const params = { budgetId: 'b1' }

  it("follows the desktop budget route's search: month, accounts, all transactions, one account", () => {
    expect(pageHeadingOf(month, params, {})).toEqual({ kind: 'text', key: 'routes.budget' })
    expect(pageHeadingOf(month, params, { view: 'accounts' })).toEqual({
      kind: 'text',
      key: 'routes.bankAccounts',
    })
    expect(pageHeadingOf(month, params, { view: 'transactions' })).toEqual({
      kind: 'text',
      key: 'routes.transactions',
    })
    expect(pageHeadingOf(month, params, { view: 'transactions', account: 'a1' })).toEqual({
      kind: 'account',
      budgetId: 'b1',
      bankAccountId: 'a1',
      fallbackKey: 'routes.bankAccount',
    })
  })

  it("names the phone's account screen after the account, and any other page by its route", () => {
    expect(pageHeadingOf(meta('bankAccount'), { budgetId: 'b1', bankAccountId: 'a1' }, {})).toEqual({
      kind: 'account',
      budgetId: 'b1',
      bankAccountId: 'a1',
      fallbackKey: 'routes.bankAccount',
    })
    expect(pageHeadingOf(meta('budgetSettings'), params, { view: 'accounts' })).toEqual({
      kind: 'text',
      key: 'routes.budgetSettings',
    })
    expect(pageHeadingOf(meta('budgetsList'), {}, {})).toEqual({ kind: 'text', key: 'routes.budgetsList' })
  })
})
