import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import {
  selectMayHaveUncategorizedInflows,
  selectUncategorizedInflows,
} from '../../../machines/openBudget/selectors/transactions.ts'
import type { CurrencyCode } from '../../../schemas/money.ts'
import { useFormatAmount } from '../../components/money/Money.tsx'
import { useBudget, useNeedTransactions } from '../../openBudget/OpenBudget.tsx'
import { useMonthActions } from './actions.tsx'

/**
 * Offers to move inflows that sit in 'Bez kategorii' to 'Do przydzielenia', where they become Ready to Assign:
 * budgets made before the income destination existed keep their salaries there. Shown only when the summary says
 * 'Bez kategorii' took money in; the transactions are read then, to name and move exactly those inflows.
 */
export function UncategorizedInflowsNotice({ currency }: { readonly currency: CurrencyCode }) {
  const mayHave = useBudget(selectMayHaveUncategorizedInflows)
  // Moving them is a write: a reader is not asked to.
  const { canEdit } = useMonthActions()
  return mayHave && canEdit ? <InflowsToMove currency={currency} /> : null
}

function InflowsToMove({ currency }: { readonly currency: CurrencyCode }) {
  const { t } = useTranslation()
  const { send } = useMonthActions()
  const format = useFormatAmount(currency)
  useNeedTransactions()
  const inflows = useBudget(selectUncategorizedInflows)
  if (inflows === null || inflows.count === 0) return null
  return (
    <section className="notice budget-inflows" aria-labelledby="budget-inflows-title">
      <h2 id="budget-inflows-title" className="notice__title">
        {t('budgetView.inflows.title', { count: inflows.count, amount: format(inflows.total) })}
      </h2>
      <p>{t('budgetView.inflows.body')}</p>
      <Button className="button" onPress={() => send(inflows.commands)}>
        {t('budgetView.inflows.move', { count: inflows.count })}
      </Button>
    </section>
  )
}
