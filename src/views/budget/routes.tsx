import NotAvailableView from '../NotAvailableView.tsx'

// Placeholder until this area's views land; every export keeps its agreed name.
export function BudgetView() {
  return <NotAvailableView />
}
export function AddCategoryRoute() {
  return <NotAvailableView />
}
export function EditCategoryRoute() {
  return <NotAvailableView />
}
export function DeleteCategoryRoute() {
  return <NotAvailableView />
}
export function EditGroupRoute() {
  return <NotAvailableView />
}
export function DeleteGroupRoute() {
  return <NotAvailableView />
}
