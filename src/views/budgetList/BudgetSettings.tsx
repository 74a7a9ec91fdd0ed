import { useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import dayjs from 'dayjs'
import { useEffect, useMemo, useRef } from 'react'
import { Button, Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { selectBudgetById, selectBudgetsLoadState } from '../../../machines/budgetList/index.ts'
import type { BudgetId } from '../../../schemas/ids.ts'
import { IsoDate } from '../../../schemas/money.ts'
import { useDevice } from '../../layouts/useDevice.ts'
import { paths } from '../../router/paths.ts'
import { MembersSection } from '../sharing/MembersSection.tsx'
import { DraftHorizonSection } from '../templates/DraftHorizonSection.tsx'
import { BudgetNotFound } from './BudgetNotFound.tsx'
import { LoadFailed } from './BudgetsScreen.tsx'
import { useCurrencyChoices } from './currencies.ts'
import { ExportBudget } from './ExportBudget.tsx'
import { BudgetEditDialog, ConfirmDialog, PayeeRulesDialog } from './lazyDialogs.tsx'
import { useBudgetsActor } from './useBudgetsActor.ts'
import { useBudgetsDialog } from './useBudgetsDialog.ts'

const DELETE = [{ _tag: 'DeleteBudget' }] as const

/**
 * Budget settings: name and currency (the budget modal), members and invitations (on phones a link to their own
 * screen), the whole budget's export, a fresh start (reset) and delete, each confirmed. Guests see no owner-only
 * action; read-only guests see no editing one.
 */
export function BudgetSettings({ budgetId }: { readonly budgetId: BudgetId }) {
  const { t } = useTranslation()
  const device = useDevice()
  const navigate = useNavigate()
  const budgets = useBudgetsActor()
  const loadState = useSelector(budgets, selectBudgetsLoadState)
  const listed = useSelector(budgets, (snapshot) => selectBudgetById(snapshot, budgetId))
  const { dialog: address, open, close } = useBudgetsDialog()
  // The page's own budget: another budget's dialog is no dialog of this page.
  const dialog = address === null || (address.budgetId ?? budgetId) !== budgetId ? null : address.kind
  // A delete drops the budget from the list before its dialog closes; the page keeps it until then.
  const lastListed = useRef(listed)
  if (listed !== undefined) lastListed.current = listed
  const budget = listed ?? (dialog === null ? undefined : lastListed.current)
  const currencies = useCurrencyChoices()
  const currencyLabel = useMemo(
    () => currencies.find((choice) => choice.id === budget?.currency)?.label ?? budget?.currency,
    [currencies, budget?.currency],
  )
  useEffect(() => {
    budgets.send({ type: 'budgets.target', budgetId })
  }, [budgets, budgetId])

  if (loadState === 'loading') return <p role="status">{t('budgets.loading')}</p>
  if (loadState === 'failed') return <LoadFailed budgets={budgets} />
  if (budget === undefined) return <BudgetNotFound />

  const owner = budget.role === 'Owner'
  // A read-only guest sees the settings but changes none (the server refuses with `read_only` anyway).
  const canEdit = budget.access === 'Edit'
  const closed = (applied: boolean) => {
    // A deleted budget is gone: back to the list, in the dialog's place.
    if (applied && dialog === 'deleteBudget')
      void navigate({ href: paths.budgetsList(device), replace: true })
    else close()
  }
  const reset = [{ _tag: 'ResetBudget', date: IsoDate.make(dayjs().format('YYYY-MM-DD')) }] as const

  return (
    <div className="budget-settings">
      <section className="budget-settings__section" aria-labelledby="budget-settings-details">
        <h2 id="budget-settings-details">{t('budgets.settingsView.detailsTitle')}</h2>
        <dl className="budget-settings__facts">
          <div>
            <dt>{t('budgets.settingsView.name')}</dt>
            <dd>{budget.name}</dd>
          </div>
          <div>
            <dt>{t('budgets.settingsView.currency')}</dt>
            <dd>{currencyLabel}</dd>
          </div>
        </dl>
        <div className="budget-settings__actions">
          {canEdit ? (
            <Button className="button button--primary" onPress={() => open({ kind: 'editBudget' })}>
              {t('budgets.edit')}
            </Button>
          ) : null}
          <Link className="button button--quiet" href={paths.budget(budget.id)}>
            {t('budgets.settingsView.open')}
          </Link>
        </div>
        {canEdit ? null : <p className="notice">{t('sharing.failure.read_only')}</p>}
      </section>
      {device === 'desktop' ? (
        <MembersSection budgetId={budget.id} budgetName={budget.name} owner={owner} />
      ) : (
        <section className="budget-settings__section" aria-labelledby="budget-settings-members">
          <h2 id="budget-settings-members">{t('sharing.members.title')}</h2>
          <p>{t('sharing.entry.hint')}</p>
          <div className="budget-settings__actions">
            <Link className="button button--primary" href={paths.budgetInvite(budget.id)}>
              {t('sharing.entry.label')}
            </Link>
          </div>
        </section>
      )}
      {canEdit ? (
        <>
          <section className="budget-settings__section" aria-labelledby="budget-settings-import">
            <h2 id="budget-settings-import">{t('budgets.settingsView.importTitle')}</h2>
            <p>{t('budgets.settingsView.importExplain')}</p>
            <div className="budget-settings__actions">
              <Link className="button button--quiet" href={paths.importTransactions(budget.id)}>
                {t('budgets.settingsView.importOpen')}
              </Link>
              <Button className="button button--quiet" onPress={() => open({ kind: 'payeeRules' })}>
                {t('budgets.settingsView.payeeRules')}
              </Button>
            </div>
          </section>
          <DraftHorizonSection budgetId={budget.id} />
        </>
      ) : null}
      {owner ? (
        <>
          <ExportBudget budgetId={budget.id} />
          <section className="budget-settings__section" aria-labelledby="budget-settings-reset">
            <h2 id="budget-settings-reset">{t('budgets.settingsView.resetTitle')}</h2>
            <p>{t('budgets.settingsView.resetKeeps')}</p>
            <p>{t('budgets.settingsView.resetDrops')}</p>
            <Button className="button button--danger" onPress={() => open({ kind: 'resetBudget' })}>
              {t('budgets.settingsView.reset')}
            </Button>
          </section>
          <section className="budget-settings__section" aria-labelledby="budget-settings-delete">
            <h2 id="budget-settings-delete">{t('budgets.settingsView.deleteTitle')}</h2>
            <p>{t('budgets.settingsView.deleteExplain')}</p>
            <Button className="button button--danger" onPress={() => open({ kind: 'deleteBudget' })}>
              {t('budgets.settingsView.delete')}
            </Button>
          </section>
        </>
      ) : null}
      {canEdit && dialog === 'payeeRules' ? <PayeeRulesDialog budgetId={budget.id} onClosed={close} /> : null}
      {canEdit && dialog === 'editBudget' ? (
        <BudgetEditDialog
          budgets={budgets}
          props={{ mode: 'edit', name: budget.name, currency: budget.currency }}
          currencyLocked={!owner}
          onClosed={closed}
        />
      ) : null}
      {owner && dialog === 'resetBudget' ? (
        <ConfirmDialog
          budgets={budgets}
          commands={reset}
          title={t('budgets.resetDialog.title')}
          body={t('budgets.resetDialog.body', { name: budget.name })}
          submitLabel={t('budgets.resetDialog.submit')}
          onClosed={closed}
        />
      ) : null}
      {owner && dialog === 'deleteBudget' ? (
        <ConfirmDialog
          budgets={budgets}
          commands={DELETE}
          title={t('budgets.deleteDialog.title')}
          body={t('budgets.deleteDialog.body', { name: budget.name })}
          submitLabel={t('budgets.deleteDialog.submit')}
          onClosed={closed}
        />
      ) : null}
    </div>
  )
}
