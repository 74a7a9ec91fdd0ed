import type { BankAccountId, CategoryId, TransactionId } from '../../../schemas/ids.ts'
import { NotAvailable } from '../../components/NotAvailable.tsx'

/** Add (no transactionId) or edit a transaction; a category or account given up front is preselected. */
export function TransactionEditorDialog(_props: {
  readonly onClosed: () => void
  readonly transactionId?: TransactionId
  readonly categoryId?: CategoryId
  readonly bankAccountId?: BankAccountId
}) {
  return <NotAvailable />
}
