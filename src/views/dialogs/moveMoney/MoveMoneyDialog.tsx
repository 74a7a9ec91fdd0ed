import '../../category/texts.ts'
import '../../category/category.css'
import { useTranslation } from 'react-i18next'
import { type MoneySource, moveMoneyMachine } from '../../../../machines/dialogs/moveMoney/index.ts'
import { balancesOf } from '../../../../machines/dialogs/shared/moneySource.ts'
import { selectMonthView } from '../../../../machines/openBudget/index.ts'
import { selectMoneyCategories } from '../../../../machines/openBudget/selectors/category.ts'
import type { PeriodKey } from '../../../../schemas/money.ts'
import { DialogSelectField, DialogTextField, FormDialog } from '../../../components/dialog/FormDialog.tsx'
import { useBudget } from '../../../openBudget/OpenBudget.tsx'
import { moneyChoices } from '../../category/format.ts'
import { useAmountText } from '../../category/shared.ts'
import { useCategoryName } from '../../month/names.ts'
import { useFlowDialog } from '../shared/useFlowDialog.ts'

/** Money between two categories, or with Ready to Assign. */
export function MoveMoneyDialog({
  periodKey,
  from,
  to,
  onClosed,
}: {
  readonly periodKey: PeriodKey
  readonly from?: MoneySource | undefined
  readonly to?: MoneySource | undefined
  readonly onClosed: () => void
}) {
  const { t } = useTranslation()
  const format = useAmountText()
  const nameOf = useCategoryName()
  const categories = useBudget((snapshot) => selectMoneyCategories(snapshot, periodKey))
  const ready = useBudget((snapshot) => selectMonthView(snapshot, periodKey).readyToAssign)
  const actor = useFlowDialog(moveMoneyMachine, {
    periodKey,
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
    balances: balancesOf(categories),
  })
  const label = (name: string, amount: number) =>
    t('category.choiceWithAmount', { name, amount: format(amount) })
  const choices = moneyChoices(categories, nameOf, label, {
    readyToAssign: { name: t('category.readyToAssign'), amount: ready },
  })
  return (
    <FormDialog
      actor={actor}
      title={t('category.moveMoneyDialog.title')}
      submitLabel={t('category.moveMoneyDialog.submit')}
      onClosed={onClosed}
    >
      <DialogSelectField
        actor={actor}
        field="from"
        label={t('category.moveMoneyDialog.from')}
        choices={choices}
        autoFocus={from === undefined}
      />
      <DialogSelectField
        actor={actor}
        field="to"
        label={t('category.moveMoneyDialog.to')}
        choices={choices}
        autoFocus={from !== undefined && to === undefined}
      />
      <DialogTextField
        actor={actor}
        field="amount"
        label={t('category.moveMoneyDialog.amount')}
        inputMode="decimal"
        autoFocus={from !== undefined && to !== undefined}
      />
    </FormDialog>
  )
}
