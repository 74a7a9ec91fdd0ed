import '../../month/texts.ts'
import { useTranslation } from 'react-i18next'
import { selectCategory } from '../../../../machines/openBudget/selectors/month.ts'
import type { Category } from '../../../../schemas/budget.ts'
import type { CategoryId } from '../../../../schemas/ids.ts'
import { useBudget } from '../../../openBudget/OpenBudget.tsx'
import { useCategoryName } from '../../month/names.ts'
import { Gone, useFirst } from '../shared/Gone.tsx'
import { DeleteStructureForm } from './DeleteStructureForm.tsx'

type Closable = { readonly onClosed: () => void }

/** Deletes a category, its money and transactions going to a category the user picks. */
export function DeleteCategoryDialog({
  categoryId,
  onClosed,
}: Closable & { readonly categoryId: CategoryId }) {
  const { t } = useTranslation()
  const category: Category | null = useFirst(useBudget((snapshot) => selectCategory(snapshot, categoryId)))
  const nameOf = useCategoryName()
  if (category === null) return <Gone onClosed={onClosed} />
  return (
    <DeleteStructureForm
      props={{ kind: 'category', categoryId }}
      title={t('budgetView.deleteCategory')}
      body={t('budgetView.form.deleteCategoryBody', { name: nameOf(category) })}
      onClosed={onClosed}
    />
  )
}
