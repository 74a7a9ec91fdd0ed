import { type ComponentProps, lazy, Suspense } from 'react'

// The budgets list is the first screen after sign-in: its dialogs (forms, selects, machines) load on first open.
type EditProps = ComponentProps<typeof import('./BudgetEditDialog.tsx')['BudgetEditDialog']>
type ConfirmProps = ComponentProps<typeof import('./ConfirmDialog.tsx')['ConfirmDialog']>

const LazyEdit = lazy(() =>
  import('./BudgetEditDialog.tsx').then((module) => ({ default: module.BudgetEditDialog })),
)
const LazyConfirm = lazy(() =>
  import('./ConfirmDialog.tsx').then((module) => ({ default: module.ConfirmDialog })),
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
