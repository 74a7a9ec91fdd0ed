import '../../category/texts.ts'
import '../../category/category.css'
import { useTranslation } from 'react-i18next'
import { autoAssignMachine } from '../../../../machines/dialogs/autoAssign/index.ts'
import { selectAutoAssignPreview } from '../../../../machines/openBudget/selectors/category.ts'
import { AutoAssignOption } from '../../../../schemas/budget.ts'
import type { PeriodKey } from '../../../../schemas/money.ts'
import { DialogRadioField } from '../../../components/dialog/DialogRadioField.tsx'
import { FormDialog } from '../../../components/dialog/FormDialog.tsx'
import { useBudget } from '../../../openBudget/OpenBudget.tsx'
import { useAmountText } from '../../category/shared.ts'
import { useFlowDialog } from '../shared/useFlowDialog.ts'

/** YNAB's auto-assign options, each with what it would change this month. */
export function AutoAssignDialog({
  periodKey,
  onClosed,
}: {
  readonly periodKey: PeriodKey
  readonly onClosed: () => void
}) {
  const { t } = useTranslation()
  const format = useAmountText()
  const preview = useBudget((snapshot) => selectAutoAssignPreview(snapshot, periodKey))
  const actor = useFlowDialog(autoAssignMachine, { periodKey })
  const choices = AutoAssignOption.literals.map((option) => {
    const { categories, total } = preview[option]
    return {
      id: option,
      label: t(`category.autoAssignDialog.options.${option}`),
      description:
        categories === 0
          ? t('category.autoAssignDialog.nothing')
          : t('category.autoAssignDialog.preview', {
              count: categories,
              amount: `${total > 0 ? '+' : ''}${format(total)}`,
            }),
    }
  })
  return (
    <FormDialog
      actor={actor}
      title={t('category.autoAssignDialog.title')}
      submitLabel={t('category.autoAssignDialog.submit')}
      onClosed={onClosed}
    >
      <DialogRadioField
        actor={actor}
        field="option"
        label={t('category.autoAssignDialog.option')}
        choices={choices}
      />
    </FormDialog>
  )
}
