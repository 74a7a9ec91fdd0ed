import '../../category/texts.ts'
import '../../category/category.css'
import * as Schema from 'effect/Schema'
import { useState } from 'react'
import { ListBox, ListBoxItem } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { assignMoneyMachine } from '../../../../machines/dialogs/assignMoney/index.ts'
import { selectMonthView } from '../../../../machines/openBudget/index.ts'
import {
  selectCategoryInspector,
  selectMoneyCategories,
} from '../../../../machines/openBudget/selectors/category.ts'
import { CategoryId } from '../../../../schemas/ids.ts'
import { Minor, type PeriodKey } from '../../../../schemas/money.ts'
import { DialogTextField, FormDialog } from '../../../components/dialog/FormDialog.tsx'
import { useBudget } from '../../../openBudget/OpenBudget.tsx'
import { useAmountText } from '../../category/shared.ts'
import { useCategoryName } from '../../month/names.ts'
import { InfoDialog } from '../shared/InfoDialog.tsx'
import { useFlowDialog } from '../shared/useFlowDialog.ts'

type Closable = { readonly onClosed: () => void }

const isCategoryId = Schema.is(CategoryId)
const NOTHING = Minor.make(0)

/** Assign to a category (with a picker when no category is given), from Ready to Assign. */
export function AssignMoneyDialog({
  periodKey,
  categoryId,
  onClosed,
}: Closable & { readonly periodKey: PeriodKey; readonly categoryId?: CategoryId | undefined }) {
  const [chosen, setChosen] = useState<CategoryId | undefined>(categoryId)
  if (chosen === undefined)
    return <AssignPicker periodKey={periodKey} onChosen={setChosen} onClosed={onClosed} />
  return <AssignForm periodKey={periodKey} categoryId={chosen} onClosed={onClosed} />
}

function AssignPicker({
  periodKey,
  onChosen,
  onClosed,
}: Closable & { readonly periodKey: PeriodKey; readonly onChosen: (id: CategoryId) => void }) {
  const { t } = useTranslation()
  const nameOf = useCategoryName()
  const format = useAmountText()
  const categories = useBudget((snapshot) => selectMoneyCategories(snapshot, periodKey))
  const choose = (key: unknown) => {
    const id = String(key)
    if (isCategoryId(id)) onChosen(id)
  }
  return (
    <InfoDialog title={t('category.assignDialog.pickTitle')} onClosed={onClosed}>
      {categories.length === 0 ? (
        <p className="notice">{t('category.assignDialog.noCategories')}</p>
      ) : (
        <ListBox
          className="select-list category-picker"
          aria-label={t('category.assignDialog.pickLabel')}
          items={categories}
          selectionMode="single"
          autoFocus="first"
          onAction={choose}
          onSelectionChange={(keys) => {
            if (keys !== 'all') for (const key of keys) choose(key)
          }}
        >
          {(category) => (
            <ListBoxItem
              className="select-list__item category-picker__item"
              id={category.id}
              textValue={nameOf(category)}
            >
              <span>{nameOf(category)}</span>
              <span className={category.available < 0 ? 'money money--negative' : 'money'}>
                {format(category.available)}
              </span>
            </ListBoxItem>
          )}
        </ListBox>
      )}
    </InfoDialog>
  )
}

function AssignForm({
  periodKey,
  categoryId,
  onClosed,
}: Closable & { readonly periodKey: PeriodKey; readonly categoryId: CategoryId }) {
  const { t } = useTranslation()
  const nameOf = useCategoryName()
  const format = useAmountText()
  const inspector = useBudget((snapshot) => selectCategoryInspector(snapshot, categoryId, periodKey))
  const ready = useBudget((snapshot) => selectMonthView(snapshot, periodKey).readyToAssign)
  const actor = useFlowDialog(assignMoneyMachine, {
    periodKey,
    categoryId,
    assigned: inspector?.month?.assigned ?? NOTHING,
  })
  return (
    <FormDialog
      actor={actor}
      title={t('category.assignDialog.title', { name: nameOf(inspector?.category) })}
      submitLabel={t('category.assignDialog.submit')}
      onClosed={onClosed}
    >
      <DialogTextField
        actor={actor}
        field="amount"
        label={t('category.assignDialog.amount')}
        description={t('category.assignDialog.amountHelp', {
          available: format(inspector?.month?.available ?? 0),
          ready: format(ready),
        })}
        inputMode="decimal"
        autoFocus
      />
    </FormDialog>
  )
}
