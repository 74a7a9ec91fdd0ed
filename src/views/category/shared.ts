import { useParams, useRouter } from '@tanstack/react-router'
import * as Schema from 'effect/Schema'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { formatAmount } from '../../../domain/money.ts'
import { selectBudget } from '../../../machines/openBudget/index.ts'
import { CategoryId } from '../../../schemas/ids.ts'
import { CurrencyCode, Minor, PeriodKey } from '../../../schemas/money.ts'
import { useBudget } from '../../openBudget/OpenBudget.tsx'
import { currentPeriodKey } from '../../router/periodKey.ts'

const DEFAULT_CURRENCY = CurrencyCode.make('PLN')
const isPeriodKey = Schema.is(PeriodKey)
const isCategoryId = Schema.is(CategoryId)

export const useCurrency = (): CurrencyCode => useBudget(selectBudget)?.currency ?? DEFAULT_CURRENCY

/** Amounts in the budget's currency and the user's locale ('1 234,50 zł', '-80,00 zł'). */
export const useAmountText = () => {
  const currency = useCurrency()
  const { i18n } = useTranslation()
  const locale = i18n.resolvedLanguage ?? 'pl'
  return useCallback(
    (amount: number) => formatAmount(Minor.make(amount), currency, locale),
    [currency, locale],
  )
}

/** The budget route's parameters (mobile dialog routes and the month view). */
export const useBudgetParams = () => {
  const params: { budgetId?: string; periodKey?: string; categoryId?: string } = useParams({ strict: false })
  return {
    budgetId: params.budgetId ?? '',
    // The route's guard let only a valid period through; a missing one reads as the current month.
    periodKey: isPeriodKey(params.periodKey)
      ? params.periodKey
      : PeriodKey.make(currentPeriodKey(new Date())),
    categoryId: isCategoryId(params.categoryId) ? params.categoryId : undefined,
  }
}

/** Goes to a path of the app by plain href (works in both route trees). */
export const useGoTo = () => {
  const router = useRouter()
  return useCallback((path: string) => router.history.push(path), [router])
}
