import * as HashMap from 'effect/HashMap'
import type { BankAccountId, CategoryId, TransactionId } from '../../schemas/ids.ts'
import { currencyExponent } from '../currency.ts'
import { reconciliationPayee } from '../decideMoney.ts'
import { type BudgetState, findTransaction, incomeDestinationOf, isSystemCategory } from '../state.ts'

// Every transaction of a budget as CSV for a spreadsheet (issue 28 §3): one row per split (a split transaction's
// parts each have their category), one per transfer side. Pure: the column names and words come in.

export const csvColumns = [
  'date',
  'account',
  'payee',
  'categoryGroup',
  'category',
  'memo',
  'amount',
  'currency',
  'cleared',
  'reconciled',
  'draft',
  'transfer',
] as const
export type CsvColumn = (typeof csvColumns)[number]

/** The words of one language: column names, yes and no, and the names of what the budget names itself. */
export interface CsvLabels {
  readonly columns: Readonly<Record<CsvColumn, string>>
  readonly yes: string
  readonly no: string
  readonly uncategorized: string
  readonly readyToAssign: string
  readonly systemGroup: string
  readonly reconciliationAdjustment: string
  /** The payee of each account's opening balance row. */
  readonly openingBalance: string
}

export interface CsvOptions {
  /** `;` writes decimal commas (as Polish spreadsheets read numbers), `,` decimal points. */
  readonly delimiter: ';' | ','
  readonly labels: CsvLabels
}

/** An amount of minor units as an exact decimal, never through floating point: -123456 in PLN is -1234.56. */
export const decimalOf = (minor: number, exponent: number, separator: '.' | ','): string => {
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0')
  const whole = digits.slice(0, digits.length - exponent)
  const fraction = digits.slice(digits.length - exponent)
  return `${minor < 0 ? '-' : ''}${whole}${exponent > 0 ? `${separator}${fraction}` : ''}`
}

/**
 * A text cell: quoted when it holds the delimiter, a quote or a line break; and, when it begins like a formula
 * (`=`, `+`, `-`, `@`, a tab), prefixed with an apostrophe so a spreadsheet shows it rather than runs it.
 */
const textCell = (value: string, delimiter: string): string => {
  const safe = /^[=+\-@\t\r]/u.test(value) ? `'${value}` : value
  return safe.includes(delimiter) || /["\r\n]/u.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** The CSV text, with a byte order mark so that spreadsheets read its Polish letters as UTF-8. */
export const transactionsCsv = (state: BudgetState, { delimiter, labels }: CsvOptions): string => {
  const currency = state.budget?.currency ?? ''
  const exponent = currencyExponent(currency) ?? 2
  const separator = delimiter === ';' ? ',' : '.'
  const income = incomeDestinationOf(state)?.id
  const accountName = (id: BankAccountId) => state.accounts.get(id)?.name ?? ''
  const categoryNames = (id: CategoryId): [group: string, category: string] => {
    const category = state.categories.get(id)
    if (category === undefined) return ['', '']
    const group = state.groups.get(category.categoryGroupId)
    const groupName = group === undefined ? '' : isSystemCategory(category) ? labels.systemGroup : group.name
    if (!isSystemCategory(category)) return [groupName, category.name]
    return [groupName, category.id === income ? labels.readyToAssign : labels.uncategorized]
  }
  const otherSide = new Map<TransactionId, TransactionId>()
  for (const [, link] of HashMap.toEntries(state.transfers)) {
    otherSide.set(link.outflowTransactionId, link.inflowTransactionId)
    otherSide.set(link.inflowTransactionId, link.outflowTransactionId)
  }
  const yesNo = (value: boolean) => (value ? labels.yes : labels.no)
  const lines = [csvColumns.map((column) => textCell(labels.columns[column], delimiter)).join(delimiter)]
  // Each account's opening balance as a row of its own (income, Ready to Assign), so that an account's rows sum to
  // its balance in a spreadsheet as in the app's register.
  const [incomeGroup, incomeCategory] = income === undefined ? ['', ''] : categoryNames(income)
  const openings = [...state.accounts.values()]
    .filter((account) => account.openingBalance !== 0)
    .map((account) => ({ account, date: account.openingDate }))
  const rows = [
    ...openings.map((opening) => ({ kind: 'opening' as const, date: opening.date, id: '', opening })),
    ...[...HashMap.values(state.transactions)].map((transaction) => ({
      kind: 'transaction' as const,
      date: transaction.date,
      id: transaction.id,
      transaction,
    })),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  for (const row of rows) {
    if (row.kind === 'opening') {
      const { account } = row.opening
      const cells: Record<CsvColumn, string> = {
        date: account.openingDate,
        account: textCell(account.name, delimiter),
        payee: textCell(labels.openingBalance, delimiter),
        categoryGroup: textCell(incomeGroup, delimiter),
        category: textCell(incomeCategory, delimiter),
        memo: '',
        amount: decimalOf(account.openingBalance, exponent, separator),
        currency,
        cleared: labels.yes,
        reconciled: labels.no,
        draft: labels.no,
        transfer: '',
      }
      lines.push(csvColumns.map((column) => cells[column]).join(delimiter))
      continue
    }
    const { transaction } = row
    const payee =
      transaction.payee === reconciliationPayee ? labels.reconciliationAdjustment : transaction.payee
    const other = otherSide.get(transaction.id)
    const counterpart = other === undefined ? undefined : findTransaction(state, other)
    const otherAccount = counterpart === undefined ? '' : accountName(counterpart.bankAccountId)
    // A transfer side has no split: one row without a category.
    const parts =
      transaction.splits.length === 0 ? [{ categoryId: null, value: transaction.value }] : transaction.splits
    for (const part of parts) {
      const [group, category] = part.categoryId === null ? ['', ''] : categoryNames(part.categoryId)
      const cells: Record<CsvColumn, string> = {
        date: transaction.date,
        account: textCell(accountName(transaction.bankAccountId), delimiter),
        payee: textCell(payee, delimiter),
        categoryGroup: textCell(group, delimiter),
        category: textCell(category, delimiter),
        memo: textCell(transaction.memo, delimiter),
        // A number, never text: its separator is not the delimiter, and its minus is no formula.
        amount: decimalOf(part.value, exponent, separator),
        currency,
        cleared: yesNo(transaction.cleared),
        reconciled: yesNo(transaction.reconciled),
        draft: yesNo(transaction.kind === 'Draft'),
        transfer: textCell(otherAccount, delimiter),
      }
      lines.push(csvColumns.map((column) => cells[column]).join(delimiter))
    }
  }
  return `\ufeff${lines.join('\r\n')}\r\n`
}
