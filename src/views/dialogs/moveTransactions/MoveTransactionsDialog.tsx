import '../../category/texts.ts'
import '../../category/category.css'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  movableCounts,
  moveTransactionsMachine,
  moveTransactionsTargets,
} from '../../../../machines/dialogs/moveTransactions/index.ts'
import { selectTransactionsLoaded } from '../../../../machines/openBudget/index.ts'
import {
  selectCategoryInspector,
  selectCategoryTransactions,
  selectMoneyCategories,
} from '../../../../machines/openBudget/selectors/category.ts'
import type { Transaction } from '../../../../schemas/budget.ts'
import type { CategoryId } from '../../../../schemas/ids.ts'
import type { PeriodKey } from '../../../../schemas/money.ts'
import { DialogSelectField, FormDialog } from '../../../components/dialog/FormDialog.tsx'
import { useBudget, useNeedTransactions } from '../../../openBudget/OpenBudget.tsx'
import { useCategoryName } from '../../month/names.ts'
import { InfoDialog } from '../shared/InfoDialog.tsx'
import { useFlowDialog } from '../shared/useFlowDialog.ts'

type Props = {
  readonly periodKey: PeriodKey
  readonly categoryId: CategoryId
  readonly onClosed: () => void
}

/** Re-categorises the category's transactions of the month; the dialog says how many before anything moves. */
export function MoveTransactionsDialog({ periodKey, categoryId, onClosed }: Props) {
  const { t } = useTranslation()
  const nameOf = useCategoryName()
  const inspector = useBudget((snapshot) => selectCategoryInspector(snapshot, categoryId, periodKey))
  const loaded = useBudget(selectTransactionsLoaded)
  useNeedTransactions()
  const title = t('category.moveTransactionsDialog.title', { name: nameOf(inspector?.category) })
  if (!loaded)
    return (
      <InfoDialog title={title} onClosed={onClosed}>
        <p className="notice" role="status">
          {t('category.loadingTransactions')}
        </p>
      </InfoDialog>
    )
  return (
    <MoveTransactionsOfMonth
      title={title}
      periodKey={periodKey}
      categoryId={categoryId}
      onClosed={onClosed}
    />
  )
}

/** The month's transactions as they were when the dialog opened: the count the user confirms does not shift. */
function MoveTransactionsOfMonth({
  title,
  periodKey,
  categoryId,
  onClosed,
}: Props & { readonly title: string }) {
  const { t } = useTranslation()
  const found = useBudget((snapshot) => selectCategoryTransactions(snapshot, categoryId, periodKey))
  const [transactions] = useState(() => found.map((entry) => entry.transaction))
  if (movableCounts(transactions).movable === 0)
    return (
      <InfoDialog title={title} onClosed={onClosed}>
        <p className="notice">{t('category.moveTransactionsDialog.none')}</p>
      </InfoDialog>
    )
  return (
    <MoveTransactionsForm
      periodKey={periodKey}
      categoryId={categoryId}
      transactions={transactions}
      title={title}
      onClosed={onClosed}
    />
  )
}

function MoveTransactionsForm({
  periodKey,
  categoryId,
  transactions,
  title,
  onClosed,
}: Props & { readonly transactions: ReadonlyArray<Transaction>; readonly title: string }) {
  const { t } = useTranslation()
  const nameOf = useCategoryName()
  const targets = useBudget((snapshot) =>
    moveTransactionsTargets(selectMoneyCategories(snapshot, periodKey), categoryId),
  )
  const actor = useFlowDialog(moveTransactionsMachine, { categoryId, transactions })
  const { movable, reconciled } = movableCounts(transactions)
  const choices = targets.map((category) => ({ id: category.id, label: nameOf(category) }))
  return (
    <FormDialog
      actor={actor}
      title={title}
      submitLabel={t('category.moveTransactionsDialog.submit')}
      onClosed={onClosed}
    >
      <p>{t('category.moveTransactionsDialog.intro', { count: movable })}</p>
      {reconciled > 0 ? (
        <p className="notice">{t('category.moveTransactionsDialog.reconciled', { count: reconciled })}</p>
      ) : null}
      <DialogSelectField
        actor={actor}
        field="to"
        label={t('category.moveTransactionsDialog.to')}
        choices={choices}
        autoFocus
      />
    </FormDialog>
  )
}
