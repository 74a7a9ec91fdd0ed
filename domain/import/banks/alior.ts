// Alior Bank, the "Historia operacji" export (Historia_Operacji_<date>_<time>.csv.CSV).
// Layout taken from: bank2ynab/bank2ynab bank2ynab.conf [PL Alior Bank] (`Data transakcji;Data księgowania;Nazwa
// nadawcy;Nazwa odbiorcy;Szczegóły transakcji;Kwota operacji;Waluta operacji;Kwota w walucie rachunku;Waluta
// rachunku;Numer rachunku nadawcy;Numer rachunku odbiorcy`, two header rows, `;`, %d-%m-%Y) and public importers
// reproducing its first line (`Kryteria transakcji: Okres: … ;Typ transakcji: …;Produkty: <account>`). Amounts
// `-300,00`, `3 355,75`. The amount taken is the one in the account's currency; the other side is the recipient
// of an outflow, the sender of an inflow; card payments name only the merchant, in the details.
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
} from './shared.ts'

export const alior: BankLayout = {
  format: 'alior',
  locate: headerWith(
    [';'],
    hasAll('data transakcji', 'nazwa nadawcy', 'nazwa odbiorcy', 'szczegóły transakcji', 'kwota operacji'),
  ),
  read: ({ header, preamble, records }) => {
    const operation = column(header, 'data transakcji')
    const booking = column(header, 'data księgowania')
    const sender = column(header, 'nazwa nadawcy')
    const recipient = column(header, 'nazwa odbiorcy')
    const details = column(header, 'szczegóły transakcji')
    const amount = column(header, 'kwota w walucie rachunku', 'kwota operacji')
    const currency = column(header, 'waluta rachunku', 'waluta operacji')
    const rows = []
    for (const record of records) {
      if (isTrailer(record, header.length) || blank(record, operation, booking, amount)) continue
      const parsed = readAmount(cell(record, amount), 'comma')
      const outgoing = parsed.kind === 'amount' && parsed.amount.startsWith('-')
      // A fee names only the account holder as its sender: the details say what it is.
      const name = cell(record, outgoing ? recipient : sender).trim()
      const detailText = cell(record, details)
      rows.push(
        makeRow(record.line, {
          operationDate: cell(record, operation),
          bookingDate: cell(record, booking),
          order: 'dmy',
          amount: parsed,
          currency: cell(record, currency),
          payee: name === '' ? detailText : name,
          memo: name === '' ? '' : detailText,
        }),
      )
    }
    return { rows, accountNumber: accountIn(preamble) }
  },
}
