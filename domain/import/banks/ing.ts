// ING Bank Śląski, the Moje ING history export (Historia > Eksportuj > CSV).
// Layout taken from public importers that reproduce it (searched as "ing bank śląski csv"): a preamble ("Lista
// transakcji", the document number, the account), then `"Data transakcji";"Data księgowania";"Dane kontrahenta";
// "Tytuł";"Nr rachunku";"Nazwa banku";"Szczegóły";"Nr transakcji";"Kwota transakcji (waluta rachunku)";"Waluta";
// "Kwota blokady/zwolnienie blokady";"Waluta";"Kwota płatności w walucie";"Waluta";"Konto";"Saldo po transakcji";
// "Waluta"`. Dates yyyy-mm-dd, amounts `-15,80`; windows-1250. A card hold fills "Kwota blokady" instead of the
// transaction amount and has no booking date: it is pending. "Nr transakcji" is the bank's id.
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
  unquoted,
} from './shared.ts'

/** The "Waluta" column right after an amount column. */
const currencyAfter = (header: readonly string[], amount: number): number =>
  amount >= 0 && header[amount + 1] === 'waluta' ? amount + 1 : -1

export const ing: BankLayout = {
  format: 'ing',
  locate: headerWith(
    [';'],
    hasAll('data transakcji', 'data księgowania', 'dane kontrahenta', 'tytuł', 'nr transakcji'),
  ),
  read: ({ header, preamble, records }) => {
    const operation = column(header, 'data transakcji')
    const booking = column(header, 'data księgowania')
    const party = column(header, 'dane kontrahenta')
    const title = column(header, 'tytuł')
    const id = column(header, 'nr transakcji')
    const amount = column(header, 'kwota transakcji (waluta rachunku)', 'kwota transakcji')
    const hold = column(header, 'kwota blokady/zwolnienie blokady', 'kwota blokady')
    const rows = []
    for (const record of records) {
      if (isTrailer(record, header.length) || blank(record, operation, amount, hold)) continue
      const held = blank(record, amount) && !blank(record, hold)
      const source = held ? hold : amount
      rows.push(
        makeRow(record.line, {
          operationDate: cell(record, operation),
          bookingDate: cell(record, booking),
          order: 'dmy',
          amount: readAmount(cell(record, source), 'comma'),
          currency: cell(record, currencyAfter(header, source)),
          payee: cell(record, party),
          memo: cell(record, title),
          bankId: unquoted(cell(record, id)),
          pending: held || blank(record, booking),
        }),
      )
    }
    return { rows, accountNumber: accountIn(preamble) }
  },
}
