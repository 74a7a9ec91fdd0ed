import { type ComponentProps, lazy, Suspense } from 'react'
import { OpenBudget } from '../../openBudget/OpenBudget.tsx'

// The budgets list is the first screen after sign-in: its dialogs (forms, selects, machines) load on first open.
type EditProps = ComponentProps<
  typeof import('../dialogs/budgetEdit/BudgetEditDialog.tsx')['BudgetEditDialog']
>
type ConfirmProps = ComponentProps<
  typeof import('../dialogs/deleteConfirm/ConfirmDialog.tsx')['ConfirmDialog']
>

type RulesProps = ComponentProps<typeof import('../bankImport/PayeeRulesDialog.tsx')['default']>

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

const LazyRules = lazy(() => import('../bankImport/PayeeRulesDialog.tsx'))

/** The payee rules editor (the import's), over the budget it belongs to. */
export function PayeeRulesDialog(props: RulesProps) {
  return (
    <Suspense fallback={null}>
      <OpenBudget budgetId={props.budgetId}>
        <LazyRules {...props} />
      </OpenBudget>
    </Suspense>
  )
}
