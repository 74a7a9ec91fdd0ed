import NotAvailableView from '../NotAvailableView.tsx'

// Placeholder until this area's views land; every export keeps its agreed name.
export function BankAccountsRoute() {
  return <NotAvailableView />
}
export function BankAccountRoute() {
  return <NotAvailableView />
}
export function BankAccountModalRoute() {
  return <NotAvailableView />
}
export function CloseBankAccountRoute() {
  return <NotAvailableView />
}
export function ReconcileRoute() {
  return <NotAvailableView />
}
export function ReconcileEditRoute() {
  return <NotAvailableView />
}
export function TransferRoute() {
  return <NotAvailableView />
}
