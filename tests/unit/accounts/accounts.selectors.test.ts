import { describe, expect, it } from 'vitest'
import type { AccountWithBalance } from '../../../machines/openBudget/index.ts'
import { splitAccounts } from '../../../machines/openBudget/selectors/accounts.ts'
import { BankAccountId } from '../../../schemas/ids.ts'
import { IsoDate, Minor } from '../../../schemas/money.ts'

const account = (
  id: string,
  name: string,
  state: 'Active' | 'Closed',
  working: number,
): AccountWithBalance => ({
  account: {
    id: BankAccountId.make(id),
    name,
    type: 'unconnected',
    state,
    openingBalance: Minor.make(0),
    openingDate: IsoDate.make('2026-11-01'),
    lastReconciledAt: null,
    offBudget: false,
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
    expect(splitAccounts([])).toEqual({ open: [], closed: [] })
  })
})
