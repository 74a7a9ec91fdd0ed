import type { Transaction } from '../../schemas/budget.ts'
import type { ImportItem } from '../../schemas/budgetCommands.ts'
import type { BankAccountId, CategoryId, TransactionId, TransferId } from '../../schemas/ids.ts'
import type { ImportChoice, ParsedRow, PreviewRow, RowErrorCode } from '../../schemas/imports.ts'
import { type IsoDate, isIsoDate, type Minor } from '../../schemas/money.ts'
import { currencyExponent } from '../currency.ts'
import { toMinor } from './amount.ts'

// From parsed rows to what an import shows and writes (issue 28 §2): each row's amount in the budget's minor units,
// its key (the bank's id, else a fingerprint with an occurrence counter, as YNAB's import ids), and its status —
// new, a duplicate (by key, or like a transaction already in the account), pending, or an error. A new row that
// mirrors a transaction in another account is offered as a transfer. Pure: the server gathers the inputs.

/** What matching reads of a transaction already in the budget. */
export type Nearby = Pick<
  Transaction,
  'id' | 'bankAccountId' | 'date' | 'value' | 'transferId' | 'reconciled'
>

/** How a cleaned payee may be renamed and categorized (rules first, then what the user did before). */
export type Categorize = (payee: string) => {
  readonly payee: string
  readonly category?: PreviewRow['category']
}

export interface MatchInput {
  readonly rows: readonly ParsedRow[]
  readonly bankAccountId: BankAccountId
  /** The budget's currency: rows in another are errors. */
  readonly currency: string
  /** The transaction a key was imported as before into this account, if it was. */
  readonly imported: (key: string) => TransactionId | undefined
  /** Transactions of every account dated within `windowDays` of the file's rows (duplicates and transfers). */
  readonly nearby: readonly Nearby[]
  /** Days either side within which a transaction entered by hand counts as the same row. */
  readonly windowDays: number
  readonly cleanPayee: (raw: string) => string
  readonly categorize: Categorize
}

/** One row, matched: its preview and what writing it needs. */
export interface MatchedRow {
  readonly preview: PreviewRow
  readonly key: string | null
  readonly value: Minor | null
  readonly date: IsoDate | null
  readonly payee: string
  readonly memo: string
}

const DAY = 86_400_000

/** The longest payee or memo a transaction keeps (schemas/budget.ts `Text`). */
const TEXT_MAX = 1000

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is its purpose.
const lineBreaksAndControls = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/gu
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is its purpose.
const controlsButBreaks = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]+/gu

/** A payee as a transaction may hold it: one line, no control characters, at most 1000 characters. */
const asPayee = (text: string) =>
  text.replace(lineBreaksAndControls, ' ').trim().slice(0, TEXT_MAX).toWellFormed()
/** A memo as a transaction may hold it: line breaks kept, other control characters dropped. */
const asMemo = (text: string) => text.replace(controlsButBreaks, ' ').trim().slice(0, TEXT_MAX).toWellFormed()

const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY

/** The row's amount in minor units, or why not. */
const minorOf = (row: ParsedRow, currency: string): Minor | RowErrorCode => {
  if (row.error !== null) return row.error
  if (row.currency !== null && row.currency.toUpperCase() !== currency) return 'other-currency'
  if (row.amount === null) return 'missing-field'
  const minor = toMinor(row.amount, currencyExponent(currency) ?? 2)
  if (minor === 'invalid') return 'invalid-amount'
  if (minor === 'too-large') return 'amount-too-large'
  // toMinor returns safe integers only.
  return minor as Minor
}

/** A short stable digest of text (FNV-1a, 32 bits): keys stay small and carry no payee text. */
const digest = (text: string): string => {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(36)
}

/**
 * Transactions by amount, each taken at most once: two identical coffees on one day match two transactions, not
 * the same one twice.
 */
class Candidates {
  private readonly byValue = new Map<number, Nearby[]>()
  private readonly taken = new Set<TransactionId>()

  constructor(transactions: Iterable<Nearby>) {
    for (const transaction of transactions) {
      const list = this.byValue.get(transaction.value)
      if (list === undefined) this.byValue.set(transaction.value, [transaction])
      else list.push(transaction)
    }
  }

  /** The closest-dated untaken transaction of `value` within `window` days; takes it. */
  take(value: number, date: string, window: number) {
    const day = dayNumber(date)
    let best: Nearby | undefined
    let bestDistance = Number.POSITIVE_INFINITY
    for (const transaction of this.byValue.get(value) ?? []) {
      if (this.taken.has(transaction.id)) continue
      const distance = Math.abs(dayNumber(transaction.date) - day)
      if (distance <= window && distance < bestDistance) {
        best = transaction
        bestDistance = distance
      }
    }
    if (best !== undefined) this.taken.add(best.id)
    return best
  }

  /** Marks a transaction as matched already (by key), so no other row takes it. */
  claim(id: TransactionId) {
    this.taken.add(id)
  }
}

/** How far apart the two sides of a transfer between one's own accounts may be booked. */
const TRANSFER_WINDOW_DAYS = 3

/** Matches every row of a file against the budget; the rows keep the file's order. */
export const matchRows = (input: MatchInput): MatchedRow[] => {
  const occurrences = new Map<string, number>()
  const inAccount = new Candidates(input.nearby.filter((t) => t.bankAccountId === input.bankAccountId))
  const elsewhere = new Candidates(
    input.nearby.filter(
      (t) => t.bankAccountId !== input.bankAccountId && t.transferId === null && !t.reconciled,
    ),
  )
  const matched: MatchedRow[] = []
  // A statement repeats its payees (the same shop every week): clean and categorize each text once.
  const payees = new Map<string, { payee: string; category: PreviewRow['category'] }>()
  for (const row of input.rows) {
    const original = asPayee(row.payee)
    let seen = payees.get(original)
    if (seen === undefined) {
      const categorized = input.categorize(asPayee(input.cleanPayee(original)))
      seen = { payee: asPayee(categorized.payee), category: categorized.category }
      payees.set(original, seen)
    }
    const { payee, category } = seen
    const memo = asMemo(row.memo)
    const value = minorOf(row, input.currency)
    const date = row.date !== null && isIsoDate(row.date) ? (row.date as IsoDate) : null
    const base = {
      line: row.line,
      date,
      payee,
      memo,
      ...(payee !== original && original !== '' ? { originalPayee: original } : {}),
    }
    if (typeof value === 'string' || date === null) {
      const message = typeof value === 'string' ? value : 'invalid-date'
      const fileAmount =
        row.amount === null ? {} : { fileAmount: { amount: row.amount, currency: row.currency } }
      matched.push({
        preview: { ...base, value: null, status: 'error', message, ...fileAmount },
        key: null,
        value: null,
        date,
        payee,
        memo,
      })
      continue
    }
    const preview = { ...base, value, ...(category === undefined ? {} : { category }) }
    const done = (extra: Partial<PreviewRow> & Pick<PreviewRow, 'status'>, key: string | null) =>
      matched.push({ preview: { ...preview, ...extra }, key, value, date, payee, memo })
    if (row.pending) {
      done({ status: 'pending' }, null)
      continue
    }
    let key: string
    if (row.bankId !== null && row.bankId !== '') key = `id:${row.bankId}`
    else {
      const identity = `${date}:${value}:${digest(`${row.payee}\u0000${row.memo}`)}`
      const occurrence = (occurrences.get(identity) ?? 0) + 1
      occurrences.set(identity, occurrence)
      key = `fp:${identity}:${occurrence}`
    }
    const known = input.imported(key)
    if (known !== undefined) {
      inAccount.claim(known)
      done(
        {
          status: 'duplicate',
          duplicate: { reason: key.startsWith('id:') ? 'bank-id' : 'fingerprint', transactionId: known },
        },
        key,
      )
      continue
    }
    const similar = inAccount.take(value, date, input.windowDays)
    if (similar !== undefined) {
      done({ status: 'duplicate', duplicate: { reason: 'similar', transactionId: similar.id } }, key)
      continue
    }
    const other = elsewhere.take(-value, date, TRANSFER_WINDOW_DAYS)
    done(
      {
        status: 'new',
        ...(other === undefined
          ? {}
          : { transfer: { transactionId: other.id, bankAccountId: other.bankAccountId } }),
      },
      key,
    )
  }
  return matched
}

/** The earliest and latest day of the rows that have one (what `nearby` must cover, widened by the window). */
export const dateSpan = (rows: readonly ParsedRow[]): { first: string; last: string } | undefined => {
  let first: string | undefined
  let last: string | undefined
  for (const { date } of rows) {
    if (date === null) continue
    if (first === undefined || date < first) first = date
    if (last === undefined || date > last) last = date
  }
  return first === undefined || last === undefined ? undefined : { first, last }
}

/** `date` moved by `days` (negative: earlier). */
export const shiftDate = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10)

export interface ImportPlan {
  readonly items: ImportItem[]
  readonly keys: { transactionId: TransactionId; key: string }[]
  readonly replaces: TransactionId[]
  readonly imported: number
  readonly duplicates: number
  readonly errors: number
  readonly pending: number
  readonly transfers: number
}

export interface PlanInput {
  readonly rows: readonly MatchedRow[]
  readonly choices: readonly ImportChoice[]
  readonly bankAccountId: BankAccountId
  /** Where an inflow without a category goes: the budget's income destination ("Do przydzielenia"). */
  readonly incomeCategoryId: CategoryId | undefined
  /** Categories that exist: a chosen or suggested one that does not is left out (Uncategorized). */
  readonly categoryExists: (id: CategoryId) => boolean
  readonly mintTransaction: () => TransactionId
  readonly mintTransfer: () => TransferId
}

/**
 * What an import writes: new booked rows unless left out, duplicates only when taken in, never pending or error
 * rows. Booked rows are cleared (the bank has them). A row offered as a transfer becomes one, replacing the
 * transaction entered in the other account, unless the user said otherwise.
 */
export const planImport = (input: PlanInput): ImportPlan => {
  const choices = new Map(input.choices.map((choice) => [choice.line, choice]))
  const plan: Pick<ImportPlan, 'items' | 'keys' | 'replaces'> = { items: [], keys: [], replaces: [] }
  const counts = { imported: 0, duplicates: 0, errors: 0, pending: 0, transfers: 0 }
  for (const row of input.rows) {
    const { preview } = row
    const choice = choices.get(preview.line)
    if (preview.status === 'error') counts.errors++
    if (preview.status === 'pending') counts.pending++
    if (preview.status === 'duplicate') counts.duplicates++
    const include = choice?.include ?? preview.status === 'new'
    if (!include || row.value === null || row.date === null || row.key === null) continue
    if (preview.status !== 'new' && preview.status !== 'duplicate') continue
    if (preview.status === 'duplicate') counts.duplicates--
    const transfer = choice?.asTransfer === false ? undefined : preview.transfer
    if (transfer !== undefined && row.value !== 0) {
      const outflow = input.mintTransaction()
      const inflow = input.mintTransaction()
      const leaves = row.value < 0
      plan.items.push({
        _tag: 'AddTransfer',
        transferId: input.mintTransfer(),
        outflowTransactionId: outflow,
        inflowTransactionId: inflow,
        fromBankAccountId: leaves ? input.bankAccountId : transfer.bankAccountId,
        toBankAccountId: leaves ? transfer.bankAccountId : input.bankAccountId,
        date: row.date,
        // A safe integer's absolute value is one.
        value: Math.abs(row.value) as Minor,
        ...(row.memo === '' ? {} : { memo: row.memo }),
      })
      plan.replaces.push(transfer.transactionId)
      plan.keys.push({ transactionId: leaves ? outflow : inflow, key: row.key })
      counts.transfers++
      counts.imported++
      continue
    }
    const chosen = choice?.categoryId === undefined ? preview.category?.categoryId : choice.categoryId
    const categoryId =
      chosen !== null && chosen !== undefined && input.categoryExists(chosen)
        ? chosen
        : row.value > 0
          ? input.incomeCategoryId
          : undefined
    const transactionId = input.mintTransaction()
    plan.items.push({
      _tag: 'AddTransaction',
      transactionId,
      bankAccountId: input.bankAccountId,
      date: row.date,
      payee: row.payee,
      ...(row.memo === '' ? {} : { memo: row.memo }),
      value: row.value,
      splits: categoryId === undefined ? [] : [{ categoryId, value: row.value }],
      kind: 'Regular',
      cleared: true,
    })
    plan.keys.push({ transactionId, key: row.key })
    counts.imported++
  }
  return { ...plan, ...counts }
}
