import '../../category/texts.ts'
import '../../category/category.css'
import { useTranslation } from 'react-i18next'
import { coverOverspendingMachine } from '../../../../machines/dialogs/coverOverspending/index.ts'
import { balancesOf } from '../../../../machines/dialogs/shared/moneySource.ts'
import { selectMonthView } from '../../../../machines/openBudget/index.ts'
import {
  selectCategoryInspector,
  selectMoneyCategories,
} from '../../../../machines/openBudget/selectors/category.ts'
import type { CategoryId } from '../../../../schemas/ids.ts'
import type { PeriodKey } from '../../../../schemas/money.ts'
import { DialogSelectField, FormDialog } from '../../../components/dialog/FormDialog.tsx'
import { useBudget } from '../../../openBudget/OpenBudget.tsx'
import { moneyChoices } from '../../category/format.ts'
import { useAmountText } from '../../category/shared.ts'
import { useCategoryName } from '../../month/names.ts'
import { useFlowDialog } from '../shared/useFlowDialog.ts'

/** Covers an overspent category from a category that has money, or from Ready to Assign. */
export function CoverOverspendingDialog({
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
  const format = useAmountText()
  const inspector = useBudget((snapshot) => selectCategoryInspector(snapshot, categoryId, periodKey))
  const categories = useBudget((snapshot) => selectMoneyCategories(snapshot, periodKey))
  const ready = useBudget((snapshot) => selectMonthView(snapshot, periodKey).readyToAssign)
  const actor = useFlowDialog(coverOverspendingMachine, {
    periodKey,
    overspentCategoryId: categoryId,
    balances: balancesOf(categories),
  })
  const label = (name: string, amount: number) =>
    t('category.choiceWithAmount', { name, amount: format(amount) })
  const choices = moneyChoices(categories, nameOf, label, {
    readyToAssign: { name: t('category.readyToAssign'), amount: ready },
    exclude: categoryId,
    onlyWithMoney: true,
  })
  const overspent = Math.max(0, -(inspector?.month?.available ?? 0))
  return (
    <FormDialog
      actor={actor}
      title={t('category.coverDialog.title', { name: nameOf(inspector?.category) })}
      submitLabel={t('category.coverDialog.submit')}
      onClosed={onClosed}
    >
      <p>
        {overspent > 0
          ? t('category.coverDialog.intro', { amount: format(overspent) })
          : t('category.coverDialog.nothingLeft')}
      </p>
      <DialogSelectField
        actor={actor}
        field="from"
        label={t('category.coverDialog.from')}
        choices={choices}
        autoFocus
      />
    </FormDialog>
  )
}
