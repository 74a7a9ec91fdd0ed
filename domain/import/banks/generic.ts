import type { CsvMapping, ParsedRow, ParseResult } from '../../../schemas/imports.ts'
import { type AmountCell, negateDecimal, readAmount } from '../amount.ts'
import { headLines, readRecords } from '../csv.ts'
import { blank, cell, debitCredit, makeRow, unquoted } from './shared.ts'

/**
 * A CSV no layout knows, read the way the user mapped its columns (the column mapper, saved as a named preset).
 * `text` is normalized (csv.ts `normalizeText`).
 */
export const parseMappedCsv = (text: string, mapping: CsvMapping): ParseResult => {
  const hasAmount = mapping.amount !== undefined
  const hasFlows = mapping.inflow !== undefined || mapping.outflow !== undefined
  if (!hasAmount && !hasFlows) return { ok: false, error: 'needs-mapping' }
  const { offsets } = headLines(text, mapping.skipLines + 1)
  const start = offsets[mapping.skipLines]
  if (start === undefined) return { ok: false, error: 'no-rows' }
  const records = readRecords(text.slice(start), mapping.delimiter, mapping.skipLines + 1)
  const style = mapping.decimalSeparator === ',' ? 'comma' : 'dot'
  const index = (at: number | undefined) => at ?? -1
  const rows: ParsedRow[] = []
  for (const [position, record] of records.entries()) {
    if (mapping.hasHeader && position === 0) continue
    const amountAt = index(mapping.amount)
    const inflowAt = index(mapping.inflow)
    const outflowAt = index(mapping.outflow)
    if (blank(record, mapping.date, amountAt, inflowAt, outflowAt)) continue
    let amount: AmountCell = hasAmount
      ? readAmount(cell(record, amountAt), style)
      : debitCredit(readAmount(cell(record, outflowAt), style), readAmount(cell(record, inflowAt), style))
    if (mapping.invertSign && amount.kind === 'amount')
      amount = { ...amount, amount: negateDecimal(amount.amount) }
    rows.push(
      makeRow(record.line, {
        operationDate: cell(record, mapping.date),
        bookingDate: '',
        order: mapping.dateOrder,
        amount,
        currency: cell(record, index(mapping.currency)),
        payee: cell(record, index(mapping.payee)),
        memo: cell(record, index(mapping.memo)),
        bankId: unquoted(cell(record, index(mapping.bankId))),
      }),
    )
  }
  if (rows.length === 0) return { ok: false, error: 'no-rows' }
  return { ok: true, format: 'csv', rows, accountNumber: null }
}
