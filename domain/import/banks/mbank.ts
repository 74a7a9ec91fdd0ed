// mBank, the current "Lista operacji" export (Płatności > Lista operacji > pobierz listę > CSV).
// Layout taken from: bank2ynab/bank2ynab bank2ynab.conf [PL mBank] (columns), firefly-iii/import-configurations
// pl/mbank/default.json (column roles, `;`, Y-m-d), piotrekio/mquery README.md (how the export is made), and the
// preamble, `#` header and amount form as public importers' tests reproduce them ("#Klient;", "#Za okres:;",
// "#dla rachunków:;", "#Waluta;#Wpływy;#Wydatki;", then `#Data operacji;#Opis operacji;#Rachunek;#Kategoria;
// #Kwota;` — sometimes with `#Saldo po operacji;` — and rows like `2025-07-18;"…";"eKonto 9511 ... 4931";
// "Bez kategorii";-40 000,00 PLN;;`). Encoding windows-1250.
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
} from './shared.ts'

export const mbank: BankLayout = {
  format: 'mbank',
  locate: headerWith([';'], hasAll('data operacji', 'opis operacji', 'rachunek', 'kategoria', 'kwota')),
  read: ({ header, preamble, records }) => {
    const date = column(header, 'data operacji')
    const description = column(header, 'opis operacji')
    const amount = column(header, 'kwota')
    const rows = []
    for (const record of records) {
      if (isTrailer(record, header.length) || blank(record, date, amount)) continue
      // One field holds the other side (or the merchant), the title, the kind of operation and the account,
      // padded apart: the first part is the payee, the rest the memo.
      const [payee = '', ...rest] = segments(cell(record, description))
      rows.push(
        makeRow(record.line, {
          operationDate: cell(record, date),
          bookingDate: '',
          order: 'dmy',
          amount: readAmount(cell(record, amount), 'comma'),
          payee,
          memo: rest.join(' '),
        }),
      )
    }
    return { rows, accountNumber: accountIn(preamble) }
  },
}
