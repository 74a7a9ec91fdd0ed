import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { accountBalance } from '../../../domain/monthView.ts'
import {
  type RegisterRow,
  registerRows,
  registerTotals,
  rowAccount,
  rowDate,
} from '../../../domain/register.ts'
import type { BudgetState } from '../../../domain/state.ts'
import { transactionsNewestFirst } from '../../../domain/transactionOrder.ts'
import { BankAccountId } from '../../../schemas/ids.ts'
import { ledger, starterBudget } from './fixtures.ts'
import { run, sequences } from './sequences.ts'

const rowsOf = (state: BudgetState) =>
  registerRows(state.accounts.values(), transactionsNewestFirst(state.transactions))

const picture = (rows: ReadonlyArray<RegisterRow>) =>
  rows.map((row) =>
    row.kind === 'opening'
      ? ['opening', row.date, row.value, row.balance]
      : [row.transaction.payee, row.transaction.date, row.transaction.value, row.balance],
  )

describe("an account's register", () => {
  it('puts the opening balance as the oldest entry of its date, with running balances from the bottom', () => {
    const book = starterBudget()
    book.do('OpenBankAccount', {
      bankAccountId: 'savings',
      name: 'Oszczędności',
      type: 'unconnected',
      balance: 100_000,
      date: '2025-01-10',
    })
    const add = (id: string, date: string, value: number, payee: string, cleared: boolean) =>
      book.do('AddTransaction', {
        transactionId: id,
        bankAccountId: 'savings',
        date,
        payee,
        memo: '',
        value,
        kind: 'Regular',
        cleared,
        splits: [{ categoryId: 'food', value }],
      })
    add('t1', '2025-01-10', -20_000, 'same day', true)
    add('t2', '2025-02-01', 50_000, 'later', false)
    // Dated before the account was opened: allowed (imports), and counted before the opening balance.
    add('t3', '2025-01-02', -1_000, 'earlier', true)
    const savings = rowsOf(book.state).filter((row) => rowAccount(row) === 'savings')
    expect(picture(savings)).toEqual([
      ['later', '2025-02-01', 50_000, 129_000],
      ['same day', '2025-01-10', -20_000, 79_000],
      ['opening', '2025-01-10', 100_000, 99_000],
      ['earlier', '2025-01-02', -1_000, -1_000],
    ])
    expect(registerTotals(savings, BankAccountId.make('savings'))).toEqual({
      cleared: 79_000,
      uncleared: 50_000,
      working: 129_000,
    })
  })

  it('lists an account with no transactions by its opening row alone', () => {
    const book = ledger()
    book.do('CreateBudget', {
      budgetId: 'b',
      name: 'B',
      currency: 'PLN',
      uncategorizedGroupId: 'g',
      uncategorizedCategoryId: 'u',
      incomeCategoryId: 'r',
    })
    book.do('OpenBankAccount', {
      bankAccountId: 'cash',
      name: 'Gotówka',
      type: 'unconnected',
      balance: -2_550,
      date: '2026-11-26',
    })
    expect(picture(rowsOf(book.state))).toEqual([['opening', '2026-11-26', -2_550, -2_550]])
  })

  it('agrees with the account balances after any sequence of commands (resets, reconciliations, transfers)', () => {
    fc.assert(
      fc.property(sequences, (actions) => {
        const { state } = run(actions)
        const rows = rowsOf(state)
        // Every transaction once, every account's opening row once, newest first.
        expect(rows.length).toBe(state.transactionCount + state.accounts.size)
        for (let index = 1; index < rows.length; index++)
          expect(rowDate(rows[index - 1] as RegisterRow) >= rowDate(rows[index] as RegisterRow)).toBe(true)
        for (const id of state.accounts.keys()) {
          const own = rows.filter((row) => rowAccount(row) === id)
          const balance = accountBalance(state, id)
          const totals = registerTotals(rows, id)
          expect(own.filter((row) => row.kind === 'opening')).toHaveLength(1)
          // The newest row's running balance is the account's balance.
          expect(own[0]?.balance).toBe(balance.working)
          expect(totals).toEqual({
            cleared: balance.cleared,
            uncleared: balance.uncleared,
            working: balance.working,
          })
          expect(totals.working).toBe(totals.cleared + totals.uncleared)
          // Each running balance is the one below it plus the row's amount.
          own.forEach((row, at) => {
            const below = own[at + 1]?.balance ?? 0
            const value = row.kind === 'opening' ? row.value : row.transaction.value
            expect(row.balance).toBe(below + value)
          })
        }
      }),
      { numRuns: 150 },
    )
  })
})
