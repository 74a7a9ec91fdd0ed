import { describe, expect, it } from 'vitest'
import { transactionsCsv } from '../../../../domain/budgetImport/csvExport.ts'
import { accountBalance } from '../../../../domain/monthView.ts'
import pl from '../../../../locales/screens/budgets.pl.json' with { type: 'json' }
import { BankAccountId } from '../../../../schemas/ids.ts'
import { starterBudget } from '../fixtures.ts'

// The spreadsheet CSV: an account's rows, its opening balance among them, sum to the account's balance.

describe('the transactions CSV', () => {
  it("lists each account's opening balance as a row, so its rows sum to the balance", () => {
    const book = starterBudget()
    book.do('OpenBankAccount', {
      bankAccountId: 'savings',
      name: 'Oszczędności',
      type: 'unconnected',
      balance: 500_000,
      date: '2025-01-01',
    })
    book.do('AddTransaction', {
      transactionId: 't1',
      bankAccountId: 'savings',
      date: '2025-01-10',
      payee: 'Żabka',
      value: -1_250,
      splits: [{ categoryId: 'food', value: -1_250 }],
    })
    const csv = transactionsCsv(book.state, { delimiter: ';', labels: pl.budgets.csv })
    const rows = csv
      .replace('\ufeff', '')
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(';'))
    expect(rows[0]?.slice(0, 3)).toEqual(['2025-01-01', 'Oszczędności', 'Saldo początkowe'])
    const sum = rows
      .filter((cells) => cells[1] === 'Oszczędności')
      .reduce((total, cells) => total + Math.round(Number((cells[6] ?? '').replace(',', '.')) * 100), 0)
    expect(sum).toBe(accountBalance(book.state, BankAccountId.make('savings')).working)
  })
})
