// Bank Pekao, the Pekao24 history export.
// Layout taken from: AleksanderNekrasov/SpendingsSummary
// SpendingSummary.FileProcessor/SpendingSummary.FileProcessor.ReportParser.Tests/TestFiles/Report1.csv and
// .../ReportParser/Pekao/PekaoTransactionsParser.cs (`Data księgowania;Data waluty;Nadawca / Odbiorca;Rachunek
// źródłowy;Rachunek docelowy;Tytułem;Kwota operacji;Waluta;Numer referencyjny;Typ operacji`, dd.MM.yyyy, amounts
// `-398,13` and `6 093,28`, account and reference numbers prefixed with an apostrophe). Newer exports add columns
// (an address, a category), found by name. "Numer referencyjny" is the bank's id; the value date is the day a card
// was used.
import { readAmount } from '../amount.ts'
import {
  type BankLayout,
  blank,
  cell,
  column,
  hasAll,
  headerWith,
  isTrailer,
  makeRow,
  unquoted,
} from './shared.ts'

export const pekao: BankLayout = {
  format: 'pekao',
  locate: headerWith(
    [';', ','],
    hasAll('data księgowania', 'data waluty', 'nadawca / odbiorca', 'tytułem', 'kwota operacji', 'waluta'),
  ),
  read: ({ header, records }) => {
    const booking = column(header, 'data księgowania')
    const value = column(header, 'data waluty')
    const party = column(header, 'nadawca / odbiorca')
    const title = column(header, 'tytułem')
    const amount = column(header, 'kwota operacji')
    const currency = column(header, 'waluta')
    const reference = column(header, 'numer referencyjny')
    const kind = column(header, 'typ operacji')
    const rows = []
    for (const record of records) {
      if (isTrailer(record, header.length) || blank(record, booking, value, amount)) continue
      const titleText = cell(record, title)
      rows.push(
        makeRow(record.line, {
          operationDate: cell(record, value),
          bookingDate: cell(record, booking),
          order: 'dmy',
          amount: readAmount(cell(record, amount), 'comma'),
          currency: cell(record, currency),
          payee: cell(record, party),
          memo: titleText.trim() === '' ? cell(record, kind) : titleText,
          bankId: unquoted(cell(record, reference)),
        }),
      )
    }
    return { rows, accountNumber: null }
  },
}
