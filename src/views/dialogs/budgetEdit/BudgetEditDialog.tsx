import '../../budgetList/texts.ts'
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { starterSet } from '../../../../domain/starterSet.ts'
import { getAnalyticsRef } from '../../../../machines/app/index.ts'
import { type BudgetEditProps, budgetEditMachine } from '../../../../machines/dialogs/budgetEdit/index.ts'
import { selectWasApplied } from '../../../../machines/dialogs/shared/index.ts'
import { CurrencyCode } from '../../../../schemas/money.ts'
import { useAppActor } from '../../../app/AppActor.tsx'
import { DialogRadioField } from '../../../components/dialog/DialogRadioField.tsx'
import {
  ChoiceSelect,
  DialogSelectField,
  DialogTextField,
  FormDialog,
} from '../../../components/dialog/FormDialog.tsx'
import { useCurrencyChoices } from '../../budgetList/currencies.ts'
import type { BudgetsRef } from '../../budgetList/useBudgetsActor.ts'
import { useFlowDialogIn } from '../shared/useFlowDialog.ts'

const PLN = CurrencyCode.make('PLN')
const ignoreChoice = () => {}

/**
 * The budget modal: a new budget (name, currency with PLN preselected) or the target budget's name and currency.
 * Commands go to the budgets list, which writes them; `onClosed(applied)` when the dialog is over. A guest with
 * edit access renames the budget but cannot change its currency (`currencyLocked`): the field stays, disabled, with
 * the reason, and only a new name is sent (the server refuses a guest's currency with 403 `owner_only`).
 */
export function BudgetEditDialog({
  budgets,
  props,
  onClosed,
  currencyLocked = false,
}: {
  readonly budgets: BudgetsRef
  readonly props: BudgetEditProps
  readonly onClosed: (applied: boolean) => void
  readonly currencyLocked?: boolean
}) {
  const { t, i18n } = useTranslation()
  const app = useAppActor()
  const locale = i18n.resolvedLanguage ?? 'pl'
  // The starter set named in the person's language: the names the new budget's categories get.
  const withStarter = useMemo(
    (): BudgetEditProps =>
      props.mode === 'create'
        ? {
            ...props,
            starter: starterSet.map((group) => ({
              name: t(`budgets.starter.groups.${group.key}`),
              categories: group.categories.map((category) => ({
                name: t(`budgets.starter.categories.${category.key}`),
                type: category.type,
                spendingClass: category.spendingClass,
              })),
            })),
          }
        : props,
    [props, t],
  )
  const starterChoices = useMemo(
    () => [
      { id: 'set', label: t('budgets.starter.set'), description: t('budgets.starter.setHelp') },
      { id: 'empty', label: t('budgets.starter.empty'), description: t('budgets.starter.emptyHelp') },
    ],
    [t],
  )
  const actor = useFlowDialogIn(
    budgetEditMachine,
    {
      budget: budgets,
      analytics: getAnalyticsRef(app),
      currency: props.mode === 'edit' ? props.currency : PLN,
      locale,
      newId: () => crypto.randomUUID(),
    },
    withStarter,
  )
  const choices = useCurrencyChoices()
  const closed = useCallback(() => onClosed(selectWasApplied(actor.getSnapshot())), [actor, onClosed])
  const creating = props.mode === 'create'
  return (
    <FormDialog
      actor={actor}
      title={t(creating ? 'budgets.dialog.createTitle' : 'budgets.dialog.editTitle')}
      submitLabel={t(creating ? 'budgets.dialog.create' : 'budgets.dialog.save')}
      onClosed={closed}
    >
      <DialogTextField actor={actor} field="name" label={t('budgets.dialog.name')} autoFocus />
      {currencyLocked && !creating ? (
        <>
          {/* Not bound to the form: the currency the dialog sends is always the one the budget has. */}
          <ChoiceSelect
            label={t('budgets.dialog.currency')}
            value={props.currency}
            choices={choices}
            onChange={ignoreChoice}
            error=""
            isDisabled
            className="field budget-edit__locked"
          />
          <p className="field__description">{t('budgets.dialog.currencyOwnerOnly')}</p>
        </>
      ) : (
        <DialogSelectField
          actor={actor}
          field="currency"
          label={t('budgets.dialog.currency')}
          choices={choices}
        />
      )}
      {creating ? (
        <DialogRadioField
          actor={actor}
          field="starter"
          label={t('budgets.starter.label')}
          choices={starterChoices}
        />
      ) : currencyLocked ? null : (
        <p className="field__description">{t('budgets.dialog.currencyHint')}</p>
      )}
    </FormDialog>
  )
}
