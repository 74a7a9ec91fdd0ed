// mBank, the older statement export ("elektroniczne zestawienie operacji", eKonto_<number>_<from>_<to>.csv).
// Layout taken from: bank2ynab/bank2ynab bank2ynab.conf [PL mBank] (`#Data operacji #Data księgowania #Opis
// operacji #Tytuł #Nadawca/Odbiorca #Numer konta #Kwota #Saldo po operacji`), piontec/bank2qif
// Bank2Qif/src/Converters/MBank/MBankCsvToQif.cs (rows, 37-line preamble, 5-line trailer, `'…'` account numbers,
// `"  "` for no payee, unescaped quotes inside titles) and matisnape/mbank_ynab_parser convert_csv.py (cp1250,
// preamble and trailer cut). Amounts `-10,50` (newer files add ` PLN`); dates yyyy-mm-dd.
import { readAmount } from '../amount.ts'
import {
  accountIn,
  type BankLayout,
  blank,
  cell,
  column,
  hasAll,
  headerWith,
  isTrailer,
  makeRow,
  segments,
  tidyLine,
} from './shared.ts'

export const mbankStatement: BankLayout = {
  format: 'mbank-statement',
  locate: headerWith(
    [';'],
    hasAll('data operacji', 'data księgowania', 'opis operacji', 'tytuł', 'nadawca/odbiorca', 'kwota'),
  ),
  read: ({ header, preamble, records }) => {
    const operation = column(header, 'data operacji')
    const booking = column(header, 'data księgowania')
    const kind = column(header, 'opis operacji')
    const title = column(header, 'tytuł')
    const party = column(header, 'nadawca/odbiorca')
    const amount = column(header, 'kwota')
    const rows = []
    for (const record of records) {
      if (isTrailer(record, header.length) || blank(record, operation, booking, amount)) continue
      // The other side's name is padded apart from its address; card payments leave it empty ("  ") and name
      // the merchant in the title instead.
      const [name] = segments(cell(record, party))
      const titleText = cell(record, title)
      rows.push(
        makeRow(record.line, {
          operationDate: cell(record, operation),
          bookingDate: cell(record, booking),
          order: 'dmy',
          amount: readAmount(cell(record, amount), 'comma'),
          payee: name ?? tidyLine(titleText),
          memo: name === undefined ? cell(record, kind) : titleText,
        }),
      )
    }
    return { rows, accountNumber: accountIn(preamble) }
  },
}
