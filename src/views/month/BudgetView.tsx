import './texts.ts'
import './budget.css'
import { Outlet, useParams, useSearch } from '@tanstack/react-router'
import * as Schema from 'effect/Schema'
import {
  lazy,
  type ReactNode,
  Suspense,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { Button, Link, Switch } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import {
  selectBudget,
  selectCanUndoAssignment,
  selectLoadError,
  selectLoadState,
} from '../../../machines/openBudget/index.ts'
import {
  selectCategory,
  selectHasNoMoneyYet,
  selectMonthModel,
} from '../../../machines/openBudget/selectors/month.ts'
import type { CategoryId } from '../../../schemas/ids.ts'
import { CurrencyCode, PeriodKey } from '../../../schemas/money.ts'
import { useDevice } from '../../layouts/useDevice.ts'
import { OpenBudget, useBudget, useBudgetRef, usePermissions } from '../../openBudget/OpenBudget.tsx'
import type { BudgetViewSearch } from '../../router/budgetSearch.ts'
import { paths } from '../../router/paths.ts'
import { currentPeriodKey } from '../../router/periodKey.ts'
import { TransactionsButton } from '../accounts/TransactionsButton.tsx'
import { rememberLastBudget } from '../budgetList/lastBudget.ts'
import { useOpenDialog } from '../dialogs/useDialog.ts'
import { OnboardingBanner } from '../onboarding/lazyBanner.tsx'
import { DueLine } from '../templates/DueLine.tsx'
import { MonthActionsProvider, useMonthActions } from './actions.tsx'
import { PlusIcon, UndoIcon } from './icons.tsx'
import { MonthSwitcher, monthName, ReadyToAssignBanner } from './MonthHeader.tsx'
import { MonthList } from './MonthList.tsx'
import { MonthTable } from './MonthTable.tsx'
import { UncategorizedInflowsNotice } from './UncategorizedInflows.tsx'

// What the month itself does not show loads on demand: a phone opening its budget fetches only the month.
const AccountsPane = lazy(() =>
  import('../accounts/AccountsPane.tsx').then((module) => ({ default: module.AccountsPane })),
)
const CategoryPanel = lazy(() =>
  import('../category/CategoryPanel.tsx').then((module) => ({ default: module.CategoryPanel })),
)
const DesktopDialogs = lazy(() =>
  import('../dialogs/DesktopDialogs.tsx').then((module) => ({ default: module.DesktopDialogs })),
)
const TransactionsPane = lazy(() =>
  import('../transactions/TransactionsPane.tsx').then((module) => ({ default: module.TransactionsPane })),
)

const DEFAULT_CURRENCY = CurrencyCode.make('PLN')
const isPeriodKey = Schema.is(PeriodKey)

/** Loading, load failed (retry, or 'no such budget'), else the budget's screen. */
export function BudgetGate({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation()
  const budget = useBudgetRef()
  const load = useBudget(selectLoadState)
  const error = useBudget(selectLoadError)
  if (load === 'loading')
    return (
      <p className="budget-loading" role="status">
        {t('budgetView.loading')}
      </p>
    )
  if (load === 'error') {
    const missing = error?.status === 404 || error?.status === 403
    return (
      <section
        className="notice notice--error budget-failed"
        role="alert"
        aria-labelledby="budget-failed-title"
      >
        <h2 id="budget-failed-title" className="notice__title">
          {t(missing ? 'budgetView.notFoundTitle' : 'budgetView.loadFailedTitle')}
        </h2>
        <p>{t(missing ? 'budgetView.notFoundBody' : 'budgetView.loadFailedBody')}</p>
        {missing ? (
          <Link className="button button--quiet" href="/">
            {t('budgetView.toBudgets')}
          </Link>
        ) : (
          <Button className="button" onPress={() => budget.send({ type: 'budget.retry' })}>
            {t('budgetView.retry')}
          </Button>
        )}
      </section>
    )
  }
  return children
}

const ANNOUNCEMENT_MS = 5000

/** Undo of the last assignment change; says so in a live region, since the numbers change elsewhere. */
function UndoButton() {
  const { t } = useTranslation()
  const { send } = useMonthActions()
  const canUndo = useBudget(selectCanUndoAssignment)
  const [announced, setAnnounced] = useState(false)
  useEffect(() => {
    if (!announced) return
    const timer = setTimeout(() => setAnnounced(false), ANNOUNCEMENT_MS)
    return () => clearTimeout(timer)
  }, [announced])
  return (
    <>
      <Button
        className="button button--quiet"
        isDisabled={!canUndo}
        onPress={() => {
          send([{ _tag: 'UndoLastAssignment' }])
          setAnnounced(true)
        }}
      >
        <UndoIcon />
        {t('budgetView.rta.undo')}
      </Button>
      <span className="month-toolbar__status" role="status">
        {announced ? t('budgetView.rta.undone') : ''}
      </span>
    </>
  )
}

const GROUPS_PER_STEP = 3

/**
 * How many of the month's `total` groups to render: none at first (the banner shows at once), then a few more
 * after each commit, each step in a transition. React renders a transition in short slices but commits it whole:
 * a long month committed at once is one long task on a phone (its rows' DOM, styles and layout); in steps the page
 * paints and answers input between them (docs/performance.md).
 */
const useRevealedGroups = (total: number): number => {
  const [revealed, setRevealed] = useState(0)
  useEffect(() => {
    if (revealed < total) startTransition(() => setRevealed((shown) => shown + GROUPS_PER_STEP))
  }, [revealed, total])
  return Math.min(revealed, total)
}

/** The month itself: banner, toolbar, the empty-budget invitation and the categories (table or list). */
function MonthMain({
  periodKey,
  name,
  selectedId,
  showHidden,
  onShowHidden,
}: {
  readonly periodKey: PeriodKey
  readonly name: string
  readonly selectedId: CategoryId | null
  /** Kept by the screen: the row actions (move up/down) must see the same rows as the user. */
  readonly showHidden: boolean
  readonly onShowHidden: (show: boolean) => void
}) {
  const { t } = useTranslation()
  const device = useDevice()
  const { budgetId, open } = useMonthActions()
  const openDialog = useOpenDialog()
  const model = useBudget((snapshot) => selectMonthModel(snapshot, periodKey, showHidden))
  const currency = useBudget(selectBudget)?.currency ?? DEFAULT_CURRENCY
  const empty = !model.hasCategories
  const fresh = useBudget(selectHasNoMoneyYet)
  const revealed = useRevealedGroups(model.groups.length)
  // A reader sees the month as it is: no assigning, adding or undoing (the banner above says why).
  const { canEdit } = usePermissions()
  const shown = useMemo(
    () => (revealed === model.groups.length ? model : { ...model, groups: model.groups.slice(0, revealed) }),
    [model, revealed],
  )
  return (
    <>
      <OnboardingBanner />
      <ReadyToAssignBanner periodKey={periodKey} currency={currency}>
        {!canEdit ? null : fresh ? (
          // Nothing to assign yet: the first step the banner names is an account with its balance.
          device === 'mobile' ? (
            <Link className="button" href={paths.bankAccountModal(budgetId)}>
              {t('budgetView.rta.addAccount')}
            </Link>
          ) : (
            <Button className="button" onPress={() => openDialog({ kind: 'accountType' })}>
              {t('budgetView.rta.addAccount')}
            </Button>
          )
        ) : device === 'mobile' ? (
          <>
            <Link className="button" href={paths.assign(budgetId, periodKey)}>
              {t('budgetView.rta.assign')}
            </Link>
            <Link className="button button--quiet" href={paths.autoAssign(budgetId, periodKey)}>
              {t('budgetView.rta.autoAssign')}
            </Link>
          </>
        ) : (
          <>
            <Button className="button" onPress={() => openDialog({ kind: 'assign' })}>
              {t('budgetView.rta.assign')}
            </Button>
            <Button className="button button--quiet" onPress={() => openDialog({ kind: 'autoAssign' })}>
              {t('budgetView.rta.autoAssign')}
            </Button>
          </>
        )}
      </ReadyToAssignBanner>
      {periodKey === currentPeriodKey(new Date()) ? (
        <DueLine currency={currency} periodKey={periodKey} />
      ) : null}
      {device === 'mobile' ? <TransactionsButton href={paths.allTransactions(budgetId, periodKey)} /> : null}
      <UncategorizedInflowsNotice currency={currency} />
      {empty ? (
        <section className="notice budget-empty" aria-labelledby="budget-empty-title">
          <h2 id="budget-empty-title" className="notice__title">
            {t('budgetView.emptyTitle')}
          </h2>
          <p>{t('budgetView.emptyBody')}</p>
          {canEdit ? (
            <Button className="button" onPress={() => open({ kind: 'addGroup' })}>
              <PlusIcon />
              {t('budgetView.addGroup')}
            </Button>
          ) : null}
        </section>
      ) : null}
      <div className="month-toolbar">
        {canEdit ? <UndoButton /> : null}
        <Switch className="switch" isSelected={showHidden} onChange={onShowHidden}>
          <span className="switch__track" aria-hidden="true">
            <span className="switch__thumb" />
          </span>
          {t('budgetView.showHidden')}
        </Switch>
        {model.hiddenCount > 0 ? (
          <span className="month-toolbar__hidden">
            {t('budgetView.hiddenCount', { count: model.hiddenCount })}
          </span>
        ) : null}
        {empty || !canEdit ? null : (
          <Button
            className="button button--quiet month-toolbar__add"
            onPress={() => open({ kind: 'addGroup' })}
          >
            <PlusIcon />
            {t('budgetView.addGroup')}
          </Button>
        )}
      </div>
      {revealed === 0 ? null : device === 'mobile' ? (
        <MonthList model={shown} currency={currency} />
      ) : (
        <MonthTable model={shown} currency={currency} monthName={name} selectedId={selectedId} />
      )}
    </>
  )
}

function PaneLoading() {
  const { t } = useTranslation()
  return (
    <p className="notice" role="status">
      {t('app.loading')}
    </p>
  )
}

/**
 * The desktop's right-hand column: the selected category's panel, or a hint. Below 1280 px it is a drawer over the
 * table (budget.css), shown while a category is chosen; its close button and Escape clear the choice.
 */
function SidePanel({
  categoryId,
  periodKey,
  onClose,
}: {
  readonly categoryId: CategoryId | null
  readonly periodKey: PeriodKey
  readonly onClose: () => void
}) {
  const { t } = useTranslation()
  const exists = useBudget((snapshot) => categoryId !== null && selectCategory(snapshot, categoryId) !== null)
  const panel = useRef<HTMLElement>(null)
  const close = useRef<HTMLButtonElement>(null)
  // A drawer (the panel is fixed over the table, budget.css) takes the focus when it opens, so that Escape and Tab
  // act in it, and gives it back to what had it (the chosen row) when it closes.
  useEffect(() => {
    const element = panel.current
    if (!exists || element === null || getComputedStyle(element).position !== 'fixed') return
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null
    close.current?.focus()
    return () => {
      // Only while the focus is still the drawer's (or went with its close button), not where the person moved it.
      const active = document.activeElement
      const drawers = active === null || active === document.body || element.contains(active)
      if (drawers && returnTo?.isConnected === true) returnTo.focus()
    }
  }, [exists])
  // Another month under a drawer would be hidden by a category it no longer shows at its own figures: a drawer
  // closes when the month changes (beside the table, at 1280 px, the panel follows the category through months).
  const shownPeriod = useRef(periodKey)
  useEffect(() => {
    if (shownPeriod.current === periodKey) return
    shownPeriod.current = periodKey
    const element = panel.current
    if (element !== null && getComputedStyle(element).position === 'fixed') onClose()
  }, [periodKey, onClose])
  return (
    <aside
      ref={panel}
      className="budget-columns__panel"
      aria-label={t('budgetView.details')}
      data-open={exists || undefined}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) onClose()
      }}
    >
      {exists ? (
        <Button ref={close} className="button button--quiet budget-panel__close" onPress={onClose}>
          {t('budgetView.closeDetails')}
        </Button>
      ) : null}
      {exists && categoryId !== null ? (
        <Suspense fallback={<PaneLoading />}>
          <CategoryPanel categoryId={categoryId} periodKey={periodKey} />
        </Suspense>
      ) : (
        <p className="budget-panel__hint">{t('budgetView.panelHint')}</p>
      )}
    </aside>
  )
}

/**
 * Phones have no side panel to name the open budget: its name stands above the month and leads to the budgets list,
 * where another one can be opened.
 */
function OpenBudgetName({ budgetId }: { readonly budgetId: string }) {
  const { t } = useTranslation()
  const budgetName = useBudget(selectBudget)?.name
  if (budgetName === undefined) return null
  return (
    <Link
      className="budget-view__budget"
      href={paths.budgetsList('mobile', budgetId)}
      aria-label={t('budgetView.month.switchBudget', { name: budgetName })}
    >
      {budgetName}
    </Link>
  )
}

function MonthScreen({ budgetId, periodKey }: { readonly budgetId: string; readonly periodKey: PeriodKey }) {
  const { i18n } = useTranslation()
  const device = useDevice()
  const budgetRef = useBudgetRef()
  const load = useBudget(selectLoadState)
  const search: BudgetViewSearch = useSearch({ strict: false })
  const [showHidden, setShowHidden] = useState(false)
  const [selected, setSelected] = useState<CategoryId | null>(null)
  const name = monthName(periodKey, i18n.resolvedLanguage ?? 'pl')

  useEffect(() => {
    if (load === 'ready') rememberLastBudget(budgetId)
  }, [load, budgetId])
  // Leaving the month for the transactions or accounts pane ends the inspection: coming back shows the month whole,
  // not a panel that opens again by itself over its figures.
  useEffect(() => {
    if (search.view !== undefined) setSelected(null)
  }, [search.view])
  const closePanel = useCallback(() => setSelected(null), [])
  // The phone's structure routes close back to this month (selectShownPeriod).
  useEffect(() => budgetRef.send({ type: 'budget.periodShown', periodKey }), [budgetRef, periodKey])

  const month = (
    <MonthMain
      periodKey={periodKey}
      name={name}
      selectedId={selected}
      showHidden={showHidden}
      onShowHidden={setShowHidden}
    />
  )
  const main =
    device === 'mobile' || search.view === undefined ? (
      month
    ) : (
      <Suspense fallback={<PaneLoading />}>
        {search.view === 'accounts' ? (
          <AccountsPane />
        ) : (
          <TransactionsPane
            {...(search.account === undefined ? {} : { bankAccountId: search.account })}
            {...(search.category === undefined ? {} : { categoryId: search.category })}
          />
        )}
      </Suspense>
    )
  return (
    <MonthActionsProvider
      budgetId={budgetId}
      periodKey={periodKey}
      showHidden={showHidden}
      onSelect={setSelected}
    >
      <div className="budget-view" data-device={device}>
        {device === 'mobile' ? (
          <div className="budget-columns__main">
            <OpenBudgetName budgetId={budgetId} />
            <MonthSwitcher budgetId={budgetId} periodKey={periodKey} name={name} />
            <BudgetGate>{main}</BudgetGate>
          </div>
        ) : (
          <div className="budget-columns" data-panel={search.view === undefined}>
            <div className="budget-columns__main">
              {/* The transaction list spans every month (its heading says so): no month to switch. */}
              {search.view === 'transactions' ? null : (
                <MonthSwitcher budgetId={budgetId} periodKey={periodKey} name={name} />
              )}
              <BudgetGate>{main}</BudgetGate>
            </div>
            {/* The category inspector belongs to the month; the transaction and account panes take the width. */}
            {search.view === undefined ? (
              <SidePanel categoryId={selected} periodKey={periodKey} onClose={closePanel} />
            ) : null}
          </div>
        )}
      </div>
      {device === 'mobile' ? (
        <Outlet />
      ) : // The dialogs' code loads only once the address names one (`?dialog=…`).
      search.dialog === undefined ? null : (
        <Suspense fallback={null}>
          <DesktopDialogs periodKey={periodKey} />
        </Suspense>
      )}
    </MonthActionsProvider>
  )
}

/** The budget's month at /budget/$budgetId/period/$periodKey (both route trees). */
export function BudgetView() {
  const params = useParams({ strict: false })
  const budgetId = params.budgetId ?? ''
  const periodKey =
    params.periodKey !== undefined && isPeriodKey(params.periodKey)
      ? params.periodKey
      : PeriodKey.make(currentPeriodKey(new Date()))
  return (
    <OpenBudget budgetId={budgetId}>
      <MonthScreen budgetId={budgetId} periodKey={periodKey} />
    </OpenBudget>
  )
}
