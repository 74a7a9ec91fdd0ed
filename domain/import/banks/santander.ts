// Santander Bank Polska (formerly BZ WBK), the history export (historia_<date>_<account>.csv).
// Layout taken from: piontec/bank2qif Bank2Qif/src/Converters/BzWbk/BzWbkCsvToQif.cs and its test (no header row:
// the first line describes the account — `2016-01-05,18-11-2015,'11 2222 …,OWNER AND ADDRESS,PLN,"0,00",
// "1111,11",11,` — then one line per operation: booking date, operation date (dd-mm-yyyy), title, other side,
// its account, amount, balance, ordinal) and firefly-iii/import-configurations pl/santander/default.json (`,`,
// d-m-Y, the same column roles). UTF-8; amounts with a decimal comma, quoted.
import { readAmount } from '../amount.ts'
import { type BankLayout, blank, cell, isTrailer, type Located, makeRow, unquoted } from './shared.ts'

const BOOKING = 0
const OPERATION = 1
const TITLE = 2
const PARTY = 3
const AMOUNT = 5
const WIDTH = 8

// `2016-01-05,18-11-2015,'11 2222 2222 2222 2222 2222 2222,` — the account line that stands for a header.
const ACCOUNT_LINE = /^"?\d{4}-\d{2}-\d{2}"?,"?\d{2}-\d{2}-\d{4}"?,"?'\d{2}(?: ?\d{4}){6}"?,/u

const locate = (lines: readonly string[]): Located | null => {
  const index = lines.findIndex((line) => line.trim() !== '')
  return index !== -1 && ACCOUNT_LINE.test(lines[index] ?? '') ? { index, delimiter: ',' } : null
}

export const santander: BankLayout = {
  format: 'santander',
  locate,
  read: ({ records, header }) => {
    // The account line is the "header" here; its cells come in lower case, the account number has no letters.
    const accountCells = header
    const currency = (accountCells[4] ?? '').toUpperCase()
    const rows = []
    for (const record of records) {
      if (isTrailer(record, WIDTH) || blank(record, BOOKING, OPERATION, AMOUNT)) continue
      rows.push(
        makeRow(record.line, {
          operationDate: cell(record, OPERATION),
          bookingDate: cell(record, BOOKING),
          order: 'dmy',
          amount: readAmount(cell(record, AMOUNT), 'comma'),
          currency,
          payee: cell(record, PARTY),
          memo: cell(record, TITLE),
        }),
      )
    }
    const account = unquoted(accountCells[2] ?? '').replace(/ /gu, '')
    return { rows, accountNumber: account === '' ? null : account }
  },
}
