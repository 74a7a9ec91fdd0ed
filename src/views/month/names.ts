import { useCallback } from 'react'
import { useSharedTranslation } from '../../i18n/SharedTranslation.tsx'

type Named = { readonly name: string; readonly system?: boolean; readonly origin?: string }

/**
 * The system 'Uncategorized' category is stored under an i18n key; everything else shows its own name (and a
 * category still loading, none).
 */
export const useCategoryName = () => {
  const { t } = useSharedTranslation()
  return useCallback(
    (category: Named | undefined): string =>
      category === undefined
        ? ''
        : category.system === true || category.origin === 'Uncategorized'
          ? t('budgetView.uncategorized')
          : category.name,
    [t],
  )
}
