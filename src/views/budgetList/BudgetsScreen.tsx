import { useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type ReactNode, useState } from 'react'
import { Button, Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import {
  type BudgetSummary,
  selectBudgets,
  selectBudgetsLoadState,
  selectCreatedBudget,
} from '../../../machines/budgetList/index.ts'
import { useDevice } from '../../layouts/useDevice.ts'
import { paths } from '../../router/paths.ts'
import { BudgetEditDialog, ConfirmDialog } from './lazyDialogs.tsx'
import type { BudgetsRef } from './useBudgetsActor.ts'

type OpenDialog =
  | { readonly kind: 'create' }
  | { readonly kind: 'edit'; readonly budget: BudgetSummary }
  | { readonly kind: 'delete'; readonly budget: BudgetSummary }

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
}: {
  readonly budget: BudgetSummary
  readonly onEdit: () => void
  readonly onDelete: () => void
}) {
  const { t } = useTranslation()
  const owner = budget.role === 'Owner'
  return (
    <li className="budgets__item">
      <Link className="budgets__open" href={paths.budget(budget.id)}>
        <span className="budgets__name">{budget.name}</span>
        <span className="budgets__meta">
          {t('budgets.currency', { currency: budget.currency })} · {t(`budgets.role.${budget.role}`)}
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
        {owner ? (
          <>
            <Button
              className="button button--quiet"
              aria-label={t('budgets.editLabel', { name: budget.name })}
              onPress={onEdit}
            >
              {t('budgets.edit')}
            </Button>
            <Button
              className="button button--quiet"
              aria-label={t('budgets.deleteLabel', { name: budget.name })}
              onPress={onDelete}
            >
              {t('budgets.delete')}
            </Button>
          </>
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
  const loadState = useSelector(budgets, selectBudgetsLoadState)
  const list = useSelector(budgets, selectBudgets)
  const [dialog, setDialog] = useState<OpenDialog | null>(null)

  const create = () => {
    if (device === 'mobile') void navigate({ href: paths.budgetModal(null) })
    else setDialog({ kind: 'create' })
  }
  const edit = (budget: BudgetSummary) => {
    if (device === 'mobile') {
      void navigate({ href: paths.budgetModal(budget.id) })
      return
    }
    budgets.send({ type: 'budgets.target', budgetId: budget.id })
    setDialog({ kind: 'edit', budget })
  }
  const remove = (budget: BudgetSummary) => {
    budgets.send({ type: 'budgets.target', budgetId: budget.id })
    setDialog({ kind: 'delete', budget })
  }
  const closed = (applied: boolean) => {
    const was = dialog
    setDialog(null)
    const created = selectCreatedBudget(budgets.getSnapshot())
    // After a create, the new budget opens.
    if (applied && was?.kind === 'create' && created !== null) void navigate({ href: paths.budget(created) })
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
      </div>
    )
  else
    content = (
      <>
        <div className="budgets__toolbar">
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
            />
          ))}
        </ul>
      </>
    )

  return (
    <section className="budgets">
      {content}
      {dialog?.kind === 'create' ? (
        <BudgetEditDialog budgets={budgets} props={{ mode: 'create' }} onClosed={closed} />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <BudgetEditDialog
          budgets={budgets}
          props={{ mode: 'edit', name: dialog.budget.name, currency: dialog.budget.currency }}
          onClosed={closed}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          budgets={budgets}
          commands={DELETE}
          title={t('budgets.deleteDialog.title')}
          body={t('budgets.deleteDialog.body', { name: dialog.budget.name })}
          submitLabel={t('budgets.deleteDialog.submit')}
          onClosed={closed}
        />
      ) : null}
    </section>
  )
}
