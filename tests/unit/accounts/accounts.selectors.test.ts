import { describe, expect, it } from 'vitest'
import { waitFor } from 'xstate'
import {
  type AccountWithBalance,
  selectBalancesTotal,
  selectReadyToAssign,
} from '../../../machines/openBudget/index.ts'
import {
  selectAccountsOverview,
  selectTrackingAccountIds,
  selectTrackingTotal,
  splitAccounts,
  workingTotal,
} from '../../../machines/openBudget/selectors/accounts.ts'
import { BankAccountId } from '../../../schemas/ids.ts'
import { IsoDate, Minor } from '../../../schemas/money.ts'
import { createFakeLedger, NOVEMBER, startBudget } from '../machines/budget.fakes.ts'

const account = (
  id: string,
  name: string,
  state: 'Active' | 'Closed',
  working: number,
  offBudget = false,
): AccountWithBalance => ({
  account: {
    id: BankAccountId.make(id),
    name,
    type: 'unconnected',
    state,
    openingBalance: Minor.make(0),
    openingDate: IsoDate.make('2026-11-01'),
    lastReconciledAt: null,
    offBudget,
  },
  balance: {
    bankAccountId: BankAccountId.make(id),
    cleared: Minor.make(working),
    uncleared: Minor.make(0),
    working: Minor.make(working),
  },
})

describe('splitAccounts', () => {
  it('lists open accounts by name and closed ones apart', () => {
    const { open, closed } = splitAccounts([
      account('c', 'Oszczędności', 'Active', 100),
      account('a', 'Karta', 'Closed', 0),
      account('b', 'Konto osobiste', 'Active', 200),
    ])
    expect(open.map(({ account: a }) => a.name)).toEqual(['Konto osobiste', 'Oszczędności'])
    expect(closed.map(({ account: a }) => a.name)).toEqual(['Karta'])
  })

  it('is empty for a budget without accounts', () => {
    expect(splitAccounts([])).toEqual({ open: [], onBudget: [], tracking: [], closed: [] })
  })

  it('lists open tracking accounts apart from the budget ones, and both among the open', () => {
    const { open, onBudget, tracking, closed } = splitAccounts([
      account('l', 'Kredyt', 'Active', -30_000_000, true),
      account('k', 'Konto osobiste', 'Active', 200),
      account('m', 'Stary kredyt', 'Closed', 0, true),
    ])
    expect(onBudget.map(({ account: a }) => a.name)).toEqual(['Konto osobiste'])
    expect(tracking.map(({ account: a }) => a.name)).toEqual(['Kredyt'])
    expect(open.map(({ account: a }) => a.name)).toEqual(['Konto osobiste', 'Kredyt'])
    expect(closed.map(({ account: a }) => a.name)).toEqual(['Stary kredyt'])
    expect(workingTotal(tracking)).toBe(-30_000_000)
    expect(workingTotal(onBudget)).toBe(200)
  })
})

describe("the budget's total and the tracking total", () => {
  it('counts a tracking account outside the budget: the total and Ready to Assign stay', async () => {
    const { budget } = startBudget(createFakeLedger())
    await waitFor(budget, (s) => s.matches('ready'))
    budget.send({
      type: 'budget.command',
      commands: [
        {
          _tag: 'OpenBankAccount',
          bankAccountId: BankAccountId.make('loan'),
          name: 'Kredyt',
          type: 'unconnected',
          balance: Minor.make(-2_000_000),
          date: IsoDate.make('2026-11-01'),
          offBudget: true,
        },
      ],
    })
    const snapshot = budget.getSnapshot()
    expect(selectAccountsOverview(snapshot).tracking.map(({ account: a }) => a.name)).toEqual(['Kredyt'])
    expect(selectBalancesTotal(snapshot)).toBe(500_000)
    expect(selectTrackingTotal(snapshot)).toBe(-2_000_000)
    expect(selectReadyToAssign(snapshot, NOVEMBER)).toBe(500_000)
    expect(selectTrackingAccountIds(snapshot)).toEqual(['loan'])
    budget.stop()
  })
})
