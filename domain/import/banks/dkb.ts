// DKB (Deutsche Kreditbank), the giro account's CSV export, in both its layouts.
// Layouts taken from: firefly-iii/import-configurations de/dkb/README.md, csv-giro.json and csv-giro-legacy.json
// (which file is which; the preambles; `;`; d.m.y for the new export, d.m.Y for the legacy one) and bank2ynab/
// bank2ynab bank2ynab.conf [DE Deutsche Kreditbank checking] and [… checking new].
// - New (since 2023): `"Girokonto";"DE…"`, `"Zeitraum:";…`, `"Kontostand vom …:";"1.234,56 €"`, `""`, then
//   `"Buchungsdatum";"Wertstellung";"Status";"Zahlungspflichtige*r";"Zahlungsempfänger*in";"Verwendungszweck";
//   "Umsatztyp";"IBAN";"Betrag (€)";"Gläubiger-ID";"Mandatsreferenz";"Kundenreferenz"`; dates `17.04.25`; amounts
//   `-17,9`, `2.987` (a thousands dot, no decimals); status "Gebucht" or "Vorgemerkt" (pending, no value date yet).
//   UTF-8.
// - Legacy: `"Kontonummer:";"DE… / Girokonto";`, `"Von:"`, `"Bis:"`, `"Kontostand vom …"`, then `"Buchungstag";
//   "Wertstellung";"Buchungstext";"Auftraggeber / Begünstigter";"Verwendungszweck";"Kontonummer";"BLZ";"Betrag
//   (EUR)";"Gläubiger-ID";"Mandatsreferenz";"Kundenreferenz";`; dates `16.01.2024`; amounts `-1.234,56`; a monthly
//   "Abschluss" line without an amount that is no transaction. ISO-8859-1, whose German letters windows-1250 shares.
// The value date (Wertstellung) is the operation date; the other side is the recipient of an outflow, the payer of
// an inflow.
import { readAmount } from '../amount.ts'
import {
  accountIn,
  type BankLayout,
  blank,
  cell,
  column,
  columnStarting,
  hasAll,
  headerCurrency,
  headerWith,
  isTrailer,
  makeRow,
} from './shared.ts'

const current = hasAll('buchungsdatum', 'wertstellung', 'status', 'zahlungsempfänger*in', 'verwendungszweck')
const legacy = hasAll(
  'buchungstag',
  'wertstellung',
  'buchungstext',
  'auftraggeber / begünstigter',
  'verwendungszweck',
)
const amountColumn = (names: ReadonlySet<string>) => [...names].some((name) => name.startsWith('betrag ('))

export const dkb: BankLayout = {
  format: 'dkb',
  locate: headerWith([';'], (names) => amountColumn(names) && (current(names) || legacy(names))),
  read: ({ header, preamble, records }) => {
    const booking = column(header, 'buchungsdatum', 'buchungstag')
    const value = column(header, 'wertstellung')
    const status = column(header, 'status')
    const payer = column(header, 'zahlungspflichtige*r')
    const recipient = column(header, 'zahlungsempfänger*in')
    const party = column(header, 'auftraggeber / begünstigter')
    const purpose = column(header, 'verwendungszweck')
    const kind = column(header, 'buchungstext', 'umsatztyp')
    const amount = columnStarting(header, 'betrag (')
    const currency = headerCurrency(header[amount])
    const rows = []
    for (const record of records) {
      if (isTrailer(record, header.length) || blank(record, booking, value, amount)) continue
      // The monthly statement line ("Abschluss") carries a balance, not a transaction.
      if (blank(record, amount) && /^abschluss/iu.test(cell(record, kind).trim())) continue
      const parsed = readAmount(cell(record, amount), 'comma')
      // The new layout says the direction ("Ausgang"/"Eingang") even when the amount is unreadable.
      const direction = cell(record, column(header, 'umsatztyp')).trim().toLowerCase()
      const outgoing =
        direction === '' ? parsed.kind === 'amount' && parsed.amount.startsWith('-') : direction === 'ausgang'
      const other =
        party >= 0
          ? cell(record, party)
          : cell(record, outgoing ? recipient : payer).trim() || cell(record, outgoing ? payer : recipient)
      const purposeText = cell(record, purpose)
      rows.push(
        makeRow(record.line, {
          operationDate: cell(record, value),
          bookingDate: cell(record, booking),
          order: 'dmy',
          amount: parsed,
          currency,
          payee: other.trim() === '' ? cell(record, kind) : other,
          memo: purposeText,
          pending: /^vorgemerkt/iu.test(cell(record, status).trim()),
        }),
      )
    }
    return { rows, accountNumber: accountIn(preamble) }
  },
}
