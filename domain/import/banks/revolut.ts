// Revolut, the account statement export (account-statement_<from>_<to>_<lang>_<id>.csv).
// Layout taken from: bank2ynab/bank2ynab bank2ynab.conf [Revolut] (file name, %Y-%m-%d %H:%M:%S dates),
// firefly-iii/import-configurations ie/revolut/default.json and public importers' tests of the current header
// `Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance` (and its Polish form
// `Rodzaj,Produkt,Data rozpoczęcia,Data zrealizowania,Opis,Kwota,Opłata,Waluta,State,Saldo`). UTF-8, `,`, signed
// amounts with a dot.
// The row's date is the completed date, which the balance follows (issue 28); a row not completed yet (PENDING)
// has none and is pending, dated when it started. Reverted, declined and failed rows moved no money and are left
// out. The fee is part of what left the account: the amount is Amount − Fee. A file holds one currency pocket,
// or several: each row carries its currency.
import { readAmount, subtractDecimal } from '../amount.ts'
import type { BankLayout } from './shared.ts'
import { blank, cell, column, headerWith, isTrailer, makeRow } from './shared.ts'

const COMPLETED = new Set(['completed', 'zakończono', 'zakończona', 'ukończono'])
const VOID = new Set(['reverted', 'declined', 'failed', 'cofnięto', 'odrzucono', 'anulowano', 'nieudana'])

const english = ['started date', 'completed date', 'description', 'amount', 'currency', 'state']
const polish = ['data rozpoczęcia', 'data zrealizowania', 'opis', 'kwota', 'waluta']

export const revolut: BankLayout = {
  format: 'revolut',
  locate: headerWith(
    [','],
    (names) => english.every((n) => names.has(n)) || polish.every((n) => names.has(n)),
  ),
  read: ({ header, records }) => {
    const kind = column(header, 'type', 'rodzaj')
    const started = column(header, 'started date', 'data rozpoczęcia')
    const completed = column(header, 'completed date', 'data zrealizowania')
    const description = column(header, 'description', 'opis')
    const amount = column(header, 'amount', 'kwota')
    const fee = column(header, 'fee', 'opłata')
    const currency = column(header, 'currency', 'waluta')
    const state = column(header, 'state', 'stan', 'status')
    const rows = []
    for (const record of records) {
      if (isTrailer(record, header.length) || blank(record, started, completed, amount)) continue
      const stateText = cell(record, state).trim().toLowerCase()
      if (VOID.has(stateText)) continue
      const pending = !COMPLETED.has(stateText) || blank(record, completed)
      const gross = readAmount(cell(record, amount), 'dot')
      const charged = readAmount(cell(record, fee), 'dot')
      const net =
        gross.kind === 'amount' && charged.kind === 'amount'
          ? { ...gross, amount: subtractDecimal(gross.amount, charged.amount) }
          : gross
      rows.push(
        makeRow(record.line, {
          operationDate: cell(record, pending ? started : completed),
          bookingDate: pending ? '' : cell(record, completed),
          order: 'ymd',
          amount: net,
          currency: cell(record, currency),
          payee: cell(record, description),
          memo: cell(record, kind),
          pending,
        }),
      )
    }
    return { rows, accountNumber: null }
  },
}
