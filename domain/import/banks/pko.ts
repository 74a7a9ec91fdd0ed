// PKO BP, the iPKO history export (Historia > Pobierz > CSV, history_csv_<date>_<time>.csv).
// Layout taken from: bank2ynab/bank2ynab bank2ynab.conf [PL PKO BP] (`"Data operacji","Data waluty","Typ
// transakcji","Kwota","Waluta","Saldo po transakcji","Opis transakcji","","","",""`, `,`, %Y-%m-%d) and public
// converters' samples of the unnamed detail cells (`"Tytuł: …"`, `"Nazwa odbiorcy: …"`, `"Lokalizacja: Adres: …
// Miasto: … Kraj: …"`, `"Data wykonania operacji: 2025-12-06"`, `"Oryginalna kwota operacji: 12.87"`). Signed amounts
// with a dot (`-3.20`, `+5628.08`); windows-1250.
// "Data operacji" is the day the bank booked the operation: a card payment made on Friday shows Sunday there, Friday
// as "Data waluty" and in "Data wykonania operacji". The row's date is therefore the execution date the details
// give, else the value date; the booking date is "Data operacji". Card holds ("Blokada"), which have no booking
// date yet, are pending.
import { readAmount } from '../amount.ts'
import { type BankLayout, blank, cell, column, hasAll, headerWith, isTrailer, makeRow } from './shared.ts'

const DETAIL = /^([^:]{1,60}):\s*(.*)$/su

/** The `Key: value` cells after "Opis transakcji" (a value may itself hold `Key: value` parts: the location). */
const detailsOf = (
  cells: readonly string[],
): { readonly pairs: Map<string, string>; readonly loose: string[] } => {
  const pairs = new Map<string, string>()
  const loose: string[] = []
  for (const text of cells) {
    const trimmed = text.trim()
    if (trimmed === '') continue
    const pair = DETAIL.exec(trimmed)
    if (pair) pairs.set((pair[1] ?? '').trim().toLowerCase(), (pair[2] ?? '').trim())
    else loose.push(trimmed)
  }
  return { pairs, loose }
}

/** `Adres: ŻABKA Z1234 Miasto: KRAKÓW Kraj: POLSKA` → `ŻABKA Z1234`. */
const addressOf = (location: string | undefined): string =>
  /Adres:\s*(.*?)\s*(?:Miasto:|Kraj:|$)/su.exec(location ?? '')?.[1] ?? ''

export const pko: BankLayout = {
  format: 'pko',
  locate: headerWith(
    [',', ';'],
    hasAll('data operacji', 'data waluty', 'typ transakcji', 'kwota', 'waluta', 'opis transakcji'),
  ),
  read: ({ header, records }) => {
    const booking = column(header, 'data operacji')
    const value = column(header, 'data waluty')
    const kind = column(header, 'typ transakcji')
    const amount = column(header, 'kwota')
    const currency = column(header, 'waluta')
    const description = column(header, 'opis transakcji')
    const rows = []
    for (const record of records) {
      if (isTrailer(record, header.length) || blank(record, booking, value, amount)) continue
      const parsed = readAmount(cell(record, amount), 'dot')
      const { pairs, loose } = detailsOf(record.cells.slice(description))
      const outgoing = parsed.kind === 'amount' && parsed.amount.startsWith('-')
      const counterparty = outgoing
        ? (pairs.get('nazwa odbiorcy') ?? pairs.get('nazwa nadawcy'))
        : (pairs.get('nazwa nadawcy') ?? pairs.get('nazwa odbiorcy'))
      const typeText = cell(record, kind)
      const executed = pairs.get('data wykonania operacji') ?? pairs.get('data i czas operacji') ?? ''
      const payee = counterparty || addressOf(pairs.get('lokalizacja')) || loose[0] || typeText
      rows.push(
        makeRow(record.line, {
          operationDate: executed !== '' ? executed : cell(record, value),
          bookingDate: cell(record, booking),
          order: 'dmy',
          amount: parsed,
          currency: cell(record, currency),
          payee,
          memo: pairs.get('tytuł') ?? loose.filter((text) => text !== payee).join('\n'),
          pending: /^blokada/iu.test(typeText.trim()) || cell(record, booking).trim() === '',
        }),
      )
    }
    return { rows, accountNumber: null }
  },
}
