import '../../category/texts.ts'
import '../../category/category.css'
import { useTranslation } from 'react-i18next'
import { moveCategoryMachine, moveCategoryModel } from '../../../../machines/dialogs/moveCategory/index.ts'
import { selectGroups } from '../../../../machines/openBudget/index.ts'
import type { CategoryId } from '../../../../schemas/ids.ts'
import { DialogSelectField, FormDialog } from '../../../components/dialog/FormDialog.tsx'
import { useBudget } from '../../../openBudget/OpenBudget.tsx'
import { useFlowDialog } from '../shared/useFlowDialog.ts'

/** Moves the category to the end of another group. */
export function MoveCategoryDialog({
  categoryId,
  onClosed,
}: {
  readonly categoryId: CategoryId
  readonly onClosed: () => void
}) {
  const { t } = useTranslation()
  const groups = useBudget(selectGroups)
  const model = moveCategoryModel(groups, categoryId)
  const actor = useFlowDialog(moveCategoryMachine, model.props)
  return (
    <FormDialog
      actor={actor}
      title={t('category.moveCategoryDialog.title', { name: model.name })}
      submitLabel={t('category.moveCategoryDialog.submit')}
      onClosed={onClosed}
    >
      <DialogSelectField
        actor={actor}
        field="groupId"
        label={t('category.moveCategoryDialog.group')}
        choices={model.choices}
        autoFocus
      />
    </FormDialog>
  )
}
