import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'

type Named = { readonly name: string; readonly system?: boolean; readonly origin?: string }

/**
 * The system 'Uncategorized' category is stored under an i18n key; everything else shows its own name (and a
 * category still loading, none).
 */
export const useCategoryName = () => {
  const { t } = useTranslation()
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
