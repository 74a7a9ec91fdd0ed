// Bank Millennium, the Millenet history export (Historia_transakcji_<date>_<time>.csv).
// Layout taken from: firefly-iii/import-configurations pl/millenium/default.json (`,`, Y-m-d, roles: account,
// transaction date, settlement date, kind, other account, other side, description, debit, credit, balance,
// currency) and public importers naming the header `"Numer rachunku/karty","Data transakcji","Data rozliczenia",
// "Rodzaj transakcji","Na konto/Z konta","Odbiorca/Zleceniodawca","Opis","Obciążenia","Uznania","Saldo","Waluta"`.
// Debits and credits in separate columns, with a decimal dot (`-12.00`, `2500.00`); UTF-8. An operation the bank
// has not settled yet has no settlement date: it is pending.
import { readAmount } from '../amount.ts'
import {
  type BankLayout,
  blank,
  cell,
  column,
  debitCredit,
  hasAll,
  headerWith,
  isTrailer,
  makeRow,
  unquoted,
} from './shared.ts'

export const millennium: BankLayout = {
  format: 'millennium',
  locate: headerWith(
    [',', ';'],
    hasAll(
      'numer rachunku/karty',
      'data transakcji',
      'data rozliczenia',
      'odbiorca/zleceniodawca',
      'obciążenia',
      'uznania',
    ),
  ),
  read: ({ header, records }) => {
    const account = column(header, 'numer rachunku/karty')
    const operation = column(header, 'data transakcji')
    const booking = column(header, 'data rozliczenia')
    const kind = column(header, 'rodzaj transakcji')
    const party = column(header, 'odbiorca/zleceniodawca')
    const description = column(header, 'opis')
    const debit = column(header, 'obciążenia')
    const credit = column(header, 'uznania')
    const currency = column(header, 'waluta')
    const rows = []
    const accounts = new Set<string>()
    for (const record of records) {
      if (isTrailer(record, header.length) || blank(record, operation, booking, debit, credit)) continue
      accounts.add(unquoted(cell(record, account)).replace(/ /gu, ''))
      const memo = cell(record, description)
      const name = cell(record, party).trim()
      rows.push(
        makeRow(record.line, {
          operationDate: cell(record, operation),
          bookingDate: cell(record, booking),
          order: 'dmy',
          amount: debitCredit(
            readAmount(cell(record, debit), 'dot'),
            readAmount(cell(record, credit), 'dot'),
          ),
          currency: cell(record, currency),
          // Fees name no other side: the description says what was charged, the kind goes to the memo.
          payee: name === '' ? memo : name,
          memo: name === '' || memo.trim() === '' ? cell(record, kind) : memo,
          pending: blank(record, booking),
        }),
      )
    }
    const only = accounts.size === 1 ? [...accounts][0] : undefined
    return { rows, accountNumber: only === undefined || only === '' ? null : only }
  },
}
