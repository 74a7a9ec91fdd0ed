import { useNavigate, useParams } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type ReactNode, useEffect, useRef } from 'react'
import { Button, Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import {
  type BudgetSummary,
  selectBudgets,
  selectBudgetsLoadState,
  selectCreatedBudget,
  selectIsWriting,
} from '../../../machines/budgetList/index.ts'
import type { BudgetId, CategoryGroupId, CategoryId } from '../../../schemas/ids.ts'
import type { CurrencyCode } from '../../../schemas/money.ts'
import { useDevice } from '../../layouts/useDevice.ts'
import { paths } from '../../router/paths.ts'
import { OnboardingBanner } from '../onboarding/lazyBanner.tsx'
import { BudgetEditDialog, ConfirmDialog } from './lazyDialogs.tsx'
import type { BudgetsRef } from './useBudgetsActor.ts'
import { useBudgetsDialog } from './useBudgetsDialog.ts'

const DELETE = [{ _tag: 'DeleteBudget' }] as const

/** A failed read, with a retry. */
export function LoadFailed({ budgets }: { readonly budgets: BudgetsRef }) {
  const { t } = useTranslation()
  return (
    <div className="notice notice--error budgets__notice" role="alert">
      <p>{t('budgets.loadFailed')}</p>
      <Button className="button" onPress={() => budgets.send({ type: 'budgets.retry' })}>
        {t('budgets.retry')}
      </Button>
    </div>
  )
}

function BudgetItem({
  budget,
  onEdit,
  onDelete,
  isOpen,
}: {
  readonly budget: BudgetSummary
  readonly onEdit: () => void
  readonly onDelete: () => void
  /** The budget the phone came from (`/budget/{budgetId}/list`): the one open now. */
  readonly isOpen: boolean
}) {
  const { t } = useTranslation()
  const owner = budget.role === 'Owner'
  return (
    <li className="budgets__item">
      <Link
        className="budgets__open"
        href={paths.budget(budget.id)}
        {...(isOpen ? { 'aria-current': 'true' } : {})}
      >
        <span className="budgets__name">{budget.name}</span>
        <span className="budgets__meta">
          {t('budgets.currency', { currency: budget.currency })} ·{' '}
          {t(budget.role === 'Owner' ? 'budgets.role.Owner' : `budgets.role.Guest${budget.access}`)}
          {isOpen ? ` · ${t('budgets.openNow')}` : null}
        </span>
      </Link>
      <div className="budgets__actions">
        <Link
          className="button button--quiet"
          href={paths.budgetSettings(budget.id)}
          aria-label={t('budgets.settingsLabel', { name: budget.name })}
        >
          {t('budgets.settings')}
        </Link>
        {/* A guest with edit access renames the budget (the dialog locks the currency); only the owner deletes. */}
        {budget.access === 'Edit' || owner ? (
          <Button
            className="button button--quiet"
            aria-label={t('budgets.editLabel', { name: budget.name })}
            onPress={onEdit}
          >
            {t('budgets.edit')}
          </Button>
        ) : null}
        {owner ? (
          <Button
            className="button button--quiet"
            aria-label={t('budgets.deleteLabel', { name: budget.name })}
            onPress={onDelete}
          >
            {t('budgets.delete')}
          </Button>
        ) : null}
      </div>
    </li>
  )
}

/**
 * The caller's budgets (loading, empty with a create, failed with a retry); each opens its budget. Create and edit
 * use the budget modal (a dialog on desktop, its own route on phones); delete asks SPEC's confirm first.
 */
export function BudgetsScreen({ budgets }: { readonly budgets: BudgetsRef }) {
  const { t } = useTranslation()
  const device = useDevice()
  const navigate = useNavigate()
  const openBudgetId = useParams({ strict: false, select: (params) => params.budgetId })
  const loadState = useSelector(budgets, selectBudgetsLoadState)
  const list = useSelector(budgets, selectBudgets)
  const { dialog, open, close } = useBudgetsDialog()
  const targetId = dialog?.budgetId
  const listed = targetId === undefined ? undefined : list.find((budget) => budget.id === targetId)
  // A delete drops the budget from the list before its dialog closes; the dialog keeps it until then.
  const lastListed = useRef<BudgetSummary | undefined>(undefined)
  if (listed !== undefined) lastListed.current = listed
  const target = listed ?? (lastListed.current?.id === targetId ? lastListed.current : undefined)
  // The dialog's budget, also when the address opened it (a reload, a link).
  useEffect(() => {
    if (targetId !== undefined) budgets.send({ type: 'budgets.target', budgetId: targetId })
  }, [budgets, targetId])

  const create = () => {
    if (device === 'mobile') void navigate({ href: paths.budgetModal(null) })
    else open({ kind: 'createBudget' })
  }
  const edit = (budget: BudgetSummary) => {
    if (device === 'mobile') void navigate({ href: paths.budgetModal(budget.id) })
    else open({ kind: 'editBudget', budgetId: budget.id })
  }
  const remove = (budget: BudgetSummary) => open({ kind: 'deleteBudget', budgetId: budget.id })
  // "Importuj budżet" (desktop; SPEC has no phone route for it): a new, empty budget, then its import page. The
  // import renames it and sets its currency from the file. `importFrom` is the last created budget before the
  // create was asked for (undefined: no import asked): the one created since is the import's.
  const writing = useSelector(budgets, selectIsWriting)
  const created = useSelector(budgets, selectCreatedBudget)
  const importFrom = useRef<BudgetId | null | undefined>(undefined)
  useEffect(() => {
    if (importFrom.current === undefined || writing) return
    const made = created !== null && created !== importFrom.current ? created : null
    importFrom.current = undefined
    if (made !== null) void navigate({ href: paths.budgetImport(made) })
  }, [created, navigate, writing])
  const importBudget = () => {
    importFrom.current = selectCreatedBudget(budgets.getSnapshot())
    // Fresh UUIDs are valid ids; the brands' schemas (effect) stay out of the first screen's JavaScript.
    const newId = () => crypto.randomUUID() as BudgetId & CategoryGroupId & CategoryId
    budgets.send({
      type: 'budget.command',
      commands: [
        {
          _tag: 'CreateBudget',
          budgetId: newId(),
          name: t('budgets.importBudgetName'),
          // Any currency: the import sets the file's.
          currency: 'PLN' as CurrencyCode,
          uncategorizedGroupId: newId(),
          uncategorizedCategoryId: newId(),
          incomeCategoryId: newId(),
        },
      ],
    })
  }
  const importButton =
    device === 'mobile' ? null : (
      <Button className="button" isDisabled={writing} onPress={importBudget}>
        {t('budgets.importBudget')}
      </Button>
    )
  const closed = (applied: boolean) => {
    const created = selectCreatedBudget(budgets.getSnapshot())
    // After a create, the new budget opens in the dialog's place.
    if (applied && dialog?.kind === 'createBudget' && created !== null)
      void navigate({ href: paths.budget(created), replace: true })
    else close()
  }

  let content: ReactNode
  if (loadState === 'loading') content = <p role="status">{t('budgets.loading')}</p>
  else if (loadState === 'failed') content = <LoadFailed budgets={budgets} />
  else if (list.length === 0)
    content = (
      <div className="budgets__empty">
        <p className="budgets__empty-title">{t('budgets.empty')}</p>
        <p>{t('budgets.emptyHint')}</p>
        <Button className="button button--primary" onPress={create}>
          {t('budgets.create')}
        </Button>
        {importButton === null ? null : <p>{t('budgets.importBudgetHint')}</p>}
        {importButton}
      </div>
    )
  else
    content = (
      <>
        <div className="budgets__toolbar">
          {importButton}
          <Button className="button button--primary" onPress={create}>
            {t('budgets.create')}
          </Button>
        </div>
        <ul className="budgets__list" aria-label={t('budgets.listLabel')}>
          {list.map((budget) => (
            <BudgetItem
              key={budget.id}
              budget={budget}
              onEdit={() => edit(budget)}
              onDelete={() => remove(budget)}
              isOpen={budget.id === openBudgetId}
            />
          ))}
        </ul>
      </>
    )

  return (
    <section className="budgets">
      <OnboardingBanner />
      {content}
      {dialog?.kind === 'createBudget' ? (
        <BudgetEditDialog budgets={budgets} props={{ mode: 'create' }} onClosed={closed} />
      ) : null}
      {dialog?.kind === 'editBudget' && target !== undefined ? (
        <BudgetEditDialog
          key={target.id}
          budgets={budgets}
          props={{ mode: 'edit', name: target.name, currency: target.currency }}
          currencyLocked={target.role !== 'Owner'}
          onClosed={closed}
        />
      ) : null}
      {dialog?.kind === 'deleteBudget' && target !== undefined ? (
        <ConfirmDialog
          key={target.id}
          budgets={budgets}
          commands={DELETE}
          title={t('budgets.deleteDialog.title')}
          body={t('budgets.deleteDialog.body', { name: target.name })}
          submitLabel={t('budgets.deleteDialog.submit')}
          onClosed={closed}
        />
      ) : null}
    </section>
  )
}
