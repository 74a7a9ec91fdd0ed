import type { TFunction } from 'i18next'
import { payeeCell } from '../../../machines/openBudget/selectors/transactions.ts'
import type { Transaction } from '../../../schemas/budget.ts'

/** The payee as a list shows it; `noPayee` is the list's own words for a transaction without one. */
export const payeeText = (t: TFunction, transaction: Transaction, noPayee: string): string => {
  const cell = payeeCell(transaction)
  switch (cell.kind) {
    case 'payee':
      return cell.name
    case 'none':
      return noPayee
    case 'reconciliation':
      return t('budget.reconciliationPayee')
  }
}
