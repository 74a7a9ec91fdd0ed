import NotAvailableView from '../NotAvailableView.tsx'

// Placeholder until this area's views land; every export keeps its agreed name.
export function AllTransactionsRoute() {
  return <NotAvailableView />
}
export function PeriodTransactionsRoute() {
  return <NotAvailableView />
}
export function TransactionEditorRoute() {
  return <NotAvailableView />
}
