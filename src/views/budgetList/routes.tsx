import './budgets.css'
import './texts.ts'
import { useNavigate, useParams } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { lazy, Suspense, useCallback, useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import {
  selectBudgetById,
  selectBudgets,
  selectBudgetsLoadState,
  selectCreatedBudget,
} from '../../../machines/budgetList/index.ts'
import { useDevice } from '../../layouts/useDevice.ts'
import { paths } from '../../router/paths.ts'
import { useOnboardingEntry } from '../onboarding/useOnboardingEntry.ts'
import { BudgetNotFound, parseBudgetId } from './BudgetNotFound.tsx'
import { BudgetsScreen, LoadFailed } from './BudgetsScreen.tsx'
import { lastBudget } from './lastBudget.ts'
import { BudgetEditDialog } from './lazyDialogs.tsx'
import { useBudgetsActor } from './useBudgetsActor.ts'

// Not part of the first screen (the budgets list): the settings page and its date handling load when opened.
const BudgetSettings = lazy(() =>
  import('./BudgetSettings.tsx').then((module) => ({ default: module.BudgetSettings })),
)

/** `/` on both trees: the last opened budget if the user still has it, else the budgets list. */
export function HomeView() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const budgets = useBudgetsActor()
  const remembered = useMemo(lastBudget, [])
  const loadState = useSelector(budgets, selectBudgetsLoadState)
  const stillThere = useSelector(budgets, (snapshot) =>
    remembered === null ? false : selectBudgetById(snapshot, remembered) !== undefined,
  )
  useEffect(() => {
    if (remembered !== null && stillThere) void navigate({ href: paths.budget(remembered), replace: true })
  }, [navigate, remembered, stillThere])
  const noBudgets = useSelector(budgets, (snapshot) => selectBudgets(snapshot).length === 0)
  const onboarding = useOnboardingEntry(loadState === 'ready' && noBudgets)
  if ((remembered !== null && (loadState === 'loading' || stillThere)) || onboarding === 'deciding')
    return <p role="status">{t('budgets.loading')}</p>
  return <BudgetsScreen budgets={budgets} />
}

/** `/budgets` (desktop) and `/budget/{budgetId?}/list` (phones), header 'Twoje budżety'. */
export function BudgetsListView() {
  return <BudgetsScreen budgets={useBudgetsActor()} />
}

/** `/budget/$budgetId/settings` on both trees. */
export function BudgetSettingsView() {
  const { budgetId } = useParams({ strict: false })
  const id = parseBudgetId(budgetId)
  const { t } = useTranslation()
  if (id === null) return <BudgetNotFound />
  return (
    <Suspense fallback={<p role="status">{t('budgets.loading')}</p>}>
      <BudgetSettings key={id} budgetId={id} />
    </Suspense>
  )
}

/** Phones: `/budget/{budgetId?}/edit`, the budget modal as a route (no id creates); closing returns to the list. */
export function BudgetModalRoute() {
  const { budgetId } = useParams({ strict: false })
  const id = parseBudgetId(budgetId)
  const device = useDevice()
  const navigate = useNavigate()
  const budgets = useBudgetsActor()
  const loadState = useSelector(budgets, selectBudgetsLoadState)
  const budget = useSelector(budgets, (snapshot) =>
    id === null ? undefined : selectBudgetById(snapshot, id),
  )
  const { t } = useTranslation()
  useEffect(() => {
    if (id !== null) budgets.send({ type: 'budgets.target', budgetId: id })
  }, [budgets, id])
  const closed = useCallback(
    (applied: boolean) => {
      const created = selectCreatedBudget(budgets.getSnapshot())
      if (applied && id === null && created !== null)
        void navigate({ href: paths.budget(created), replace: true })
      else void navigate({ href: paths.budgetsList(device, id), replace: true })
    },
    [budgets, device, id, navigate],
  )
  if (id === null) return <BudgetEditDialog budgets={budgets} props={{ mode: 'create' }} onClosed={closed} />
  if (loadState === 'loading') return <p role="status">{t('budgets.loading')}</p>
  if (loadState === 'failed') return <LoadFailed budgets={budgets} />
  if (budget === undefined) return <BudgetNotFound />
  return (
    <BudgetEditDialog
      budgets={budgets}
      props={{ mode: 'edit', name: budget.name, currency: budget.currency }}
      currencyLocked={budget.role !== 'Owner'}
      onClosed={closed}
    />
  )
}
