import { type ComponentProps, lazy, Suspense } from 'react'

// The budgets list is the first screen after sign-in: its dialogs (forms, selects, machines) load on first open.
type EditProps = ComponentProps<
  typeof import('../dialogs/budgetEdit/BudgetEditDialog.tsx')['BudgetEditDialog']
>
type ConfirmProps = ComponentProps<
  typeof import('../dialogs/deleteConfirm/ConfirmDialog.tsx')['ConfirmDialog']
>

const LazyEdit = lazy(() =>
  import('../dialogs/budgetEdit/BudgetEditDialog.tsx').then((module) => ({
    default: module.BudgetEditDialog,
  })),
)
const LazyConfirm = lazy(() =>
  import('../dialogs/deleteConfirm/ConfirmDialog.tsx').then((module) => ({ default: module.ConfirmDialog })),
)

export function BudgetEditDialog(props: EditProps) {
  return (
    <Suspense fallback={null}>
      <LazyEdit {...props} />
    </Suspense>
  )
}

export function ConfirmDialog(props: ConfirmProps) {
  return (
    <Suspense fallback={null}>
      <LazyConfirm {...props} />
    </Suspense>
  )
}
