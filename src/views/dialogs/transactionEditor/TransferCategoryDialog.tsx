import { useTranslation } from 'react-i18next'
import {
  categoryChoices,
  type TransferCategoryRef,
} from '../../../../machines/dialogs/transactionEditor/index.ts'
import { selectGroups } from '../../../../machines/openBudget/index.ts'
import { DialogSelectField, FormDialog } from '../../../components/dialog/FormDialog.tsx'
import { useBudget } from '../../../openBudget/OpenBudget.tsx'
import { useCategoryName } from '../../month/names.ts'

// The editor leaves the category dialog when it ends (saved or cancelled), which unmounts this view.
const leftToTheEditor = () => undefined

/** The category a transfer across the budget's edge carries on its budget side, chosen again. */
export function TransferCategoryDialog({ actor }: { readonly actor: TransferCategoryRef }) {
  const { t } = useTranslation()
  const nameOf = useCategoryName()
  const groups = useBudget(selectGroups)
  return (
    <FormDialog
      actor={actor}
      title={t('transactions.transfer.categoryTitle')}
      submitLabel={t('dialog.save')}
      onClosed={leftToTheEditor}
    >
      <p className="field__description">{t('transactions.transfer.categoryHelp')}</p>
      <DialogSelectField
        actor={actor}
        field="categoryId"
        label={t('transactions.editor.category')}
        autoFocus
        choices={categoryChoices(groups, [], nameOf, {
          readyToAssign: t('transactions.editor.readyToAssignHelp'),
          uncategorized: t('transactions.editor.uncategorizedHelp'),
        })}
      />
    </FormDialog>
  )
}
