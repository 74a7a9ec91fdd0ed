// N26, the CSV export of an account's transactions.
// Layouts taken from: firefly-iii/import-configurations de/n26/default.json and es/n26/default.json (the older
// export: `"Date","Payee","Account number","Transaction type","Payment reference","Category","Amount (EUR)",
// "Amount (Foreign Currency)","Type Foreign Currency","Exchange Rate"`, Y-m-d, `,`), bank2ynab/bank2ynab
// bank2ynab.conf [DE N26] and [IE N26] (the same, with and without Category), and public importers' tests of the
// current export: `"Booking Date","Value Date","Partner Name","Partner Iban",Type,"Payment Reference","Account
// Name","Amount (EUR)","Original Amount","Original Currency","Exchange Rate"`. The German-language older export
// (`Datum,Empfänger,Kontonummer,Transaktionstyp,Verwendungszweck,…,Betrag (EUR)`) is read too. Amounts signed with
// a dot; the value date (the day a card was used) is the row's date when given.
import { readAmount } from '../amount.ts'
import {
  type BankLayout,
  blank,
  cell,
  column,
  columnStarting,
  headerCurrency,
  headerWith,
  isTrailer,
  makeRow,
} from './shared.ts'

const amountColumn = (names: ReadonlySet<string>) =>
  [...names].some((name) => /^(amount|betrag) \(/u.test(name))

const current = ['booking date', 'partner name', 'payment reference']
const older = ['date', 'payee', 'payment reference']
const olderGerman = ['datum', 'empfänger', 'verwendungszweck', 'transaktionstyp']

export const n26: BankLayout = {
  format: 'n26',
  locate: headerWith(
    [','],
    (names) =>
      amountColumn(names) &&
      [current, older, olderGerman].some((required) => required.every((n) => names.has(n))),
  ),
  read: ({ header, records }) => {
    const booking = column(header, 'booking date', 'date', 'datum')
    const value = column(header, 'value date')
    const party = column(header, 'partner name', 'payee', 'empfänger')
    const reference = column(header, 'payment reference', 'verwendungszweck')
    const kind = column(header, 'type', 'transaction type', 'transaktionstyp')
    const amount = Math.max(columnStarting(header, 'amount ('), columnStarting(header, 'betrag ('))
    const currency = headerCurrency(header[amount])
    const rows = []
    for (const record of records) {
      if (isTrailer(record, header.length) || blank(record, booking, value, amount)) continue
      const referenceText = cell(record, reference)
      rows.push(
        makeRow(record.line, {
          operationDate: cell(record, value),
          bookingDate: cell(record, booking),
          order: 'ymd',
          amount: readAmount(cell(record, amount), 'dot'),
          currency,
          payee: cell(record, party),
          memo: referenceText.trim() === '' ? cell(record, kind) : referenceText,
        }),
      )
    }
    return { rows, accountNumber: null }
  },
}
