import '../../month/texts.ts'
import '../../month/budget.css'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import {
  asksSpendingClass,
  type CategoryEditProps,
  categoryEditMachine,
} from '../../../../machines/dialogs/categoryEdit/index.ts'
import { selectCategory, selectGroup } from '../../../../machines/openBudget/selectors/month.ts'
import { CategoryType, SpendingClass } from '../../../../schemas/budget.ts'
import type { CategoryGroupId, CategoryId } from '../../../../schemas/ids.ts'
import {
  DialogSelectField,
  DialogTextField,
  FormDialog,
  useDialogField,
} from '../../../components/dialog/FormDialog.tsx'
import { useBudget } from '../../../openBudget/OpenBudget.tsx'
import { Gone, useFirst } from '../shared/Gone.tsx'
import { useFlowDialog } from '../shared/useFlowDialog.ts'

type Closable = { readonly onClosed: () => void }

function CategoryForm({ props, onClosed }: Closable & { readonly props: CategoryEditProps }) {
  const { t } = useTranslation()
  const actor = useFlowDialog(categoryEditMachine, props)
  const type = useDialogField(actor, 'type').value
  const types = useMemo(
    () => CategoryType.literals.map((type) => ({ id: type, label: t(`budgetView.types.${type}`) })),
    [t],
  )
  const classes = useMemo(
    () =>
      SpendingClass.literals.map((value) => ({ id: value, label: t(`budgetView.spendingClasses.${value}`) })),
    [t],
  )
  return (
    <FormDialog
      actor={actor}
      title={t(props.mode === 'create' ? 'budgetView.addCategory' : 'budgetView.editCategory')}
      submitLabel={t(props.mode === 'create' ? 'budgetView.form.add' : 'budgetView.form.save')}
      onClosed={onClosed}
    >
      <DialogTextField actor={actor} field="name" label={t('budgetView.form.categoryName')} autoFocus />
      {props.mode === 'create' ? (
        <DialogSelectField actor={actor} field="type" label={t('budgetView.form.type')} choices={types} />
      ) : null}
      {asksSpendingClass(type) ? (
        <DialogSelectField
          actor={actor}
          field="spendingClass"
          label={t('budgetView.form.spendingClass')}
          choices={classes}
        />
      ) : null}
    </FormDialog>
  )
}

/** 'Dodaj kategorię' in a group, or 'Edytuj kategorię'. */
export function CategoryEditDialog({
  groupId,
  categoryId,
  onClosed,
}: Closable & { readonly groupId: CategoryGroupId; readonly categoryId?: CategoryId }) {
  const group = useFirst(useBudget((snapshot) => selectGroup(snapshot, groupId)))
  const category = useFirst(
    useBudget((snapshot) => (categoryId === undefined ? null : selectCategory(snapshot, categoryId))),
  )
  if (group === null) return <Gone onClosed={onClosed} />
  if (categoryId === undefined)
    return <CategoryForm props={{ mode: 'create', categoryGroupId: groupId }} onClosed={onClosed} />
  if (category === null) return <Gone onClosed={onClosed} />
  return <CategoryForm props={{ mode: 'edit', category }} onClosed={onClosed} />
}
