import type { CategoryId } from '../../../schemas/ids.ts'
import type { PeriodKey } from '../../../schemas/money.ts'
import { NotAvailable } from '../../components/NotAvailable.tsx'

type Closable = { readonly onClosed: () => void }

/** Assign to a category (with a picker when no category is given), from Ready to Assign. */
export function AssignDialog(
  _props: Closable & { readonly periodKey: PeriodKey; readonly categoryId?: CategoryId },
) {
  return <NotAvailable />
}
export function AutoAssignDialog(_props: Closable & { readonly periodKey: PeriodKey }) {
  return <NotAvailable />
}
export function MoveCategoryDialog(_props: Closable & { readonly categoryId: CategoryId }) {
  return <NotAvailable />
}
