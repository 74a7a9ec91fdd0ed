// The names below are budgetView texts: whoever names a category (the onboarding's assign step too) loads them.
import './texts.ts'
import { useCallback } from 'react'
import { useSharedTranslation } from '../../i18n/SharedTranslation.tsx'

type Named = {
  readonly name: string
  readonly system?: boolean
  readonly origin?: string
  readonly type?: string
}

/**
 * The system categories ('Bez kategorii', and 'Do przydzielenia', the Income one) are stored under i18n keys;
 * everything else shows its own name (and a category still loading, none).
 */
export const useCategoryName = () => {
  const { t } = useSharedTranslation()
  return useCallback(
    (category: Named | undefined): string =>
      category === undefined
        ? ''
        : category.system === true || category.origin === 'Uncategorized'
          ? category.type === 'Income'
            ? t('budgetView.incomeDestination')
            : t('budgetView.uncategorized')
          : category.name,
    [t],
  )
}
