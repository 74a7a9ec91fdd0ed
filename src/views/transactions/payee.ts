import type { TFunction } from 'i18next'
import { payeeCell, type TransactionLookups } from '../../../machines/openBudget/selectors/transactions.ts'
import type { Transaction } from '../../../schemas/budget.ts'

/**
 * The payee as a list shows it; `noPayee` is the list's own words for a transaction without one. With the lookups a
 * transfer names its other account ('Przelew: do Oszczędności').
 */
export const payeeText = (
  t: TFunction,
  transaction: Transaction,
  noPayee: string,
  lookups?: TransactionLookups,
): string => {
  const cell = payeeCell(transaction, lookups)
  switch (cell.kind) {
    case 'transfer':
      return t(`transactions.row.transfer${cell.direction === 'to' ? 'To' : 'From'}`, {
        account: cell.account,
      })
    case 'payee':
      return cell.name
    case 'none':
      return noPayee
    case 'reconciliation':
      return t('budget.reconciliationPayee')
  }
}
