import type { BankAccountId, CategoryId } from '../../../schemas/ids.ts'
import { NotAvailable } from '../../components/NotAvailable.tsx'

/** The transaction list with its filter bar; an account or category narrows it from the start. */
export function TransactionsPane(_props: {
  readonly bankAccountId?: BankAccountId
  readonly categoryId?: CategoryId
}) {
  return <NotAvailable />
}
