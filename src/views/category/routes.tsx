import NotAvailableView from '../NotAvailableView.tsx'

// Placeholder until this area's views land; every export keeps its agreed name.
export function AssignRoute() {
  return <NotAvailableView />
}
export function AutoAssignRoute() {
  return <NotAvailableView />
}
export function AssignmentHistoryRoute() {
  return <NotAvailableView />
}
export function CategoryRoute() {
  return <NotAvailableView />
}
export function MoveMoneyRoute() {
  return <NotAvailableView />
}
export function MoveCategoryRoute() {
  return <NotAvailableView />
}
export function TargetRoute() {
  return <NotAvailableView />
}
export function MoveTransactionsRoute() {
  return <NotAvailableView />
}
export function CoverRoute() {
  return <NotAvailableView />
}
