import '../../category/texts.ts'
import '../../category/category.css'
import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import {
  isDatedTargetType,
  selectTargetIsDated,
  TARGET_TYPES,
  targetMachine,
} from '../../../../machines/dialogs/target/index.ts'
import { selectCategoryInspector } from '../../../../machines/openBudget/selectors/category.ts'
import type { CategoryId } from '../../../../schemas/ids.ts'
import type { PeriodKey } from '../../../../schemas/money.ts'
import {
  DialogDateField,
  DialogSelectField,
  DialogTextField,
  FormDialog,
} from '../../../components/dialog/FormDialog.tsx'
import { useBudget } from '../../../openBudget/OpenBudget.tsx'
import { useCategoryName } from '../../month/names.ts'
import { useFlowDialog } from '../shared/useFlowDialog.ts'

/** Sets or edits the category's target: one of the five kinds, with its amount, date and repetition. */
export function TargetDialog({
  periodKey,
  categoryId,
  onClosed,
}: {
  readonly periodKey: PeriodKey
  readonly categoryId: CategoryId
  readonly onClosed: () => void
}) {
  const { t } = useTranslation()
  const nameOf = useCategoryName()
  const inspector = useBudget((snapshot) => selectCategoryInspector(snapshot, categoryId, periodKey))
  const actor = useFlowDialog(targetMachine, { categoryId, target: inspector?.target ?? null })
  const dated = useSelector(actor, selectTargetIsDated)
  const choices = TARGET_TYPES.map((id) => ({ id, label: t(`category.targetTypes.${id}`) }))
  return (
    <FormDialog
      actor={actor}
      title={t('category.targetDialog.title', { name: nameOf(inspector?.category) })}
      submitLabel={t('category.targetDialog.submit')}
      onClosed={onClosed}
    >
      <DialogSelectField
        actor={actor}
        field="type"
        label={t('category.targetDialog.type')}
        choices={choices}
        autoFocus
        onChosen={(id) => {
          // A monthly target has no date: clear what a dated kind left behind.
          if (!isDatedTargetType(id)) {
            actor.send({ type: 'form.change', field: 'dueDate', value: '' })
            actor.send({ type: 'form.change', field: 'cadenceMonths', value: '' })
          }
        }}
      />
      <DialogTextField
        actor={actor}
        field="amount"
        label={t('category.targetDialog.amount')}
        inputMode="decimal"
      />
      {dated ? (
        <>
          <DialogDateField
            actor={actor}
            field="dueDate"
            label={t('category.targetDialog.dueDate')}
            description={t('category.targetDialog.dueDateHelp')}
          />
          <DialogTextField
            actor={actor}
            field="cadenceMonths"
            label={t('category.targetDialog.cadence')}
            description={t('category.targetDialog.cadenceHelp')}
            inputMode="decimal"
          />
        </>
      ) : null}
    </FormDialog>
  )
}
