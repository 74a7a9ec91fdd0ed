import '../../month/texts.ts'
import '../../month/budget.css'
import { useTranslation } from 'react-i18next'
import {
  type DeleteConfirmProps,
  deleteConfirmMachine,
  moveToChoices,
} from '../../../../machines/dialogs/deleteConfirm/index.ts'
import { selectCategoryChoices } from '../../../../machines/openBudget/selectors/month.ts'
import { DialogSelectField, FormDialog } from '../../../components/dialog/FormDialog.tsx'
import { useBudget } from '../../../openBudget/OpenBudget.tsx'
import { useCategoryName } from '../../month/names.ts'
import { useFlowDialog } from '../shared/useFlowDialog.ts'

type Closable = { readonly onClosed: () => void }

/** A delete of budget structure: what goes, and the category its money and transactions go to. */
export function DeleteStructureForm({
  props,
  title,
  body,
  onClosed,
}: Closable & { readonly props: DeleteConfirmProps; readonly title: string; readonly body: string }) {
  const { t } = useTranslation()
  const actor = useFlowDialog(deleteConfirmMachine, props)
  const targets = useBudget((snapshot) => moveToChoices(selectCategoryChoices(snapshot), props))
  const nameOf = useCategoryName()
  const choices = targets.map((choice) => ({ id: choice.id, label: nameOf(choice) }))
  return (
    <FormDialog
      actor={actor}
      title={title}
      submitLabel={t('budgetView.form.delete')}
      onClosed={onClosed}
      destructive
    >
      <p>{body}</p>
      <DialogSelectField
        actor={actor}
        field="moveToCategoryId"
        label={t('budgetView.form.moveTo')}
        choices={choices}
      />
    </FormDialog>
  )
}
