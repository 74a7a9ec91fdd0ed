import type { CategoryId } from '../../../schemas/ids.ts'
import type { PeriodKey } from '../../../schemas/money.ts'
import { NotAvailable } from '../../components/NotAvailable.tsx'

/** The selected category's inspector: target, recent transactions, assignment history, notes, and its actions. */
export function CategoryPanel(_props: { readonly categoryId: CategoryId; readonly periodKey: PeriodKey }) {
  return <NotAvailable />
}
