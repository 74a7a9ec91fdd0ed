import type { ReactNode } from 'react'
import { Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { useShownBudgetGone } from '../layouts/openBudgetAccess.ts'

/**
 * The screens of a budget that is no longer the caller's (removed, left on another device, deleted) give way to one
 * that says so, at once and wherever the person was, with the way on to their budgets. The shell renders it, so it
 * imports nothing of the budget's machine.
 */
export function BudgetGoneGate({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation()
  if (!useShownBudgetGone()) return children
  // It replaces the page's title too: the screen it stood for is no longer there.
  return (
    <section
      className="notice notice--error budget-gone"
      role="alert"
      aria-labelledby="budget-gone-title"
      data-testid="budget-gone"
    >
      <h1 id="budget-gone-title" className="notice__title">
        {t('budgetAccess.gone.title')}
      </h1>
      <p>{t('budgetAccess.gone.body')}</p>
      <Link className="button button--quiet" href="/">
        {t('budgetAccess.gone.toBudgets')}
      </Link>
    </section>
  )
}
