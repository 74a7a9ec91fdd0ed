import '../../month/texts.ts'
import { useTranslation } from 'react-i18next'
import { groupCategoryIds } from '../../../../machines/dialogs/deleteConfirm/index.ts'
import { selectGroups } from '../../../../machines/openBudget/index.ts'
import { selectGroup } from '../../../../machines/openBudget/selectors/month.ts'
import type { CategoryGroup } from '../../../../schemas/budget.ts'
import type { CategoryGroupId } from '../../../../schemas/ids.ts'
import { useBudget } from '../../../openBudget/OpenBudget.tsx'
import { Gone, useFirst } from '../shared/Gone.tsx'
import { DeleteStructureForm } from './DeleteStructureForm.tsx'

type Closable = { readonly onClosed: () => void }

/** Deletes a group with its categories, their money and transactions going to a category the user picks. */
export function DeleteGroupDialog({ groupId, onClosed }: Closable & { readonly groupId: CategoryGroupId }) {
  const { t } = useTranslation()
  const group: CategoryGroup | null = useFirst(useBudget((snapshot) => selectGroup(snapshot, groupId)))
  const categoryIds = useFirst(useBudget((snapshot) => groupCategoryIds(selectGroups(snapshot), groupId)))
  if (group === null || categoryIds === null) return <Gone onClosed={onClosed} />
  return (
    <DeleteStructureForm
      props={{
        kind: 'group',
        categoryGroupId: groupId,
        categoryIds,
      }}
      title={t('budgetView.deleteGroupTitle')}
      body={t('budgetView.form.deleteGroupBody', { name: group.name })}
      onClosed={onClosed}
    />
  )
}
