import './texts.ts'
import './budget.css'
import { useNavigate, useParams } from '@tanstack/react-router'
import { type ReactNode, Suspense, useCallback } from 'react'
import { selectShownPeriod } from '../../../machines/openBudget/index.ts'
import { CategoryGroupId, CategoryId } from '../../../schemas/ids.ts'
import { OpenBudget, useBudget } from '../../openBudget/OpenBudget.tsx'
import { paths } from '../../router/paths.ts'
import {
  CategoryEditDialog,
  DeleteCategoryDialog,
  DeleteGroupDialog,
  GroupEditDialog,
} from '../dialogs/lazyDialogs.ts'
import { BudgetGate } from './BudgetView.tsx'
import { periodToReturnTo } from './returnPeriod.ts'

export { BudgetView } from './BudgetView.tsx'

type RouteParams = {
  readonly budgetId?: string
  readonly categoryGroupId?: string
  readonly categoryId?: string
}

/**
 * The phone's structure dialogs as routes (SPEC §2 "Other mobile views"): the budget opens, the dialog shows as
 * a full-height sheet, and closing it goes back to the month it came from.
 */
function DialogRoute({ render }: { readonly render: RenderDialog }) {
  const params: RouteParams = useParams({ strict: false })
  return (
    <OpenBudget budgetId={params.budgetId ?? ''}>
      <BudgetGate>
        <RoutedDialog params={params} render={render} />
      </BudgetGate>
    </OpenBudget>
  )
}

type RenderDialog = (params: RouteParams, close: () => void) => ReactNode

function RoutedDialog({ params, render }: { readonly params: RouteParams; readonly render: RenderDialog }) {
  const budgetId = params.budgetId ?? ''
  const navigate = useNavigate()
  const shown = useBudget(selectShownPeriod)
  const close = useCallback(() => {
    void navigate({ href: paths.period(budgetId, periodToReturnTo(shown)) })
  }, [navigate, budgetId, shown])
  return <Suspense fallback={null}>{render(params, close)}</Suspense>
}

/** 'Dodaj kategorię' in the group of the address. */
export function AddCategoryRoute() {
  return (
    <DialogRoute
      render={(params, close) => (
        <CategoryEditDialog groupId={CategoryGroupId.make(params.categoryGroupId ?? '')} onClosed={close} />
      )}
    />
  )
}

/** 'Edytuj kategorię'. */
export function EditCategoryRoute() {
  return (
    <DialogRoute
      render={(params, close) => (
        <CategoryEditDialog
          groupId={CategoryGroupId.make(params.categoryGroupId ?? '')}
          categoryId={CategoryId.make(params.categoryId ?? '')}
          onClosed={close}
        />
      )}
    />
  )
}

/** 'Edytuj kategorię', its delete variant. */
export function DeleteCategoryRoute() {
  return (
    <DialogRoute
      render={(params, close) => (
        <DeleteCategoryDialog categoryId={CategoryId.make(params.categoryId ?? '')} onClosed={close} />
      )}
    />
  )
}

/** Without a group id: add a group; with one: rename it. */
export function EditGroupRoute() {
  return (
    <DialogRoute
      render={(params, close) =>
        params.categoryGroupId === undefined ? (
          <GroupEditDialog onClosed={close} />
        ) : (
          <GroupEditDialog groupId={CategoryGroupId.make(params.categoryGroupId)} onClosed={close} />
        )
      }
    />
  )
}

export function DeleteGroupRoute() {
  return (
    <DialogRoute
      render={(params, close) => (
        <DeleteGroupDialog groupId={CategoryGroupId.make(params.categoryGroupId ?? '')} onClosed={close} />
      )}
    />
  )
}
