import NotAvailableView from '../NotAvailableView.tsx'

// Placeholder until this area's views land; every export keeps its agreed name.
export function HomeView() {
  return <NotAvailableView />
}
export function BudgetsListView() {
  return <NotAvailableView />
}
export function BudgetSettingsView() {
  return <NotAvailableView />
}
export function BudgetModalRoute() {
  return <NotAvailableView />
}
