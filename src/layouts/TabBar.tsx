import { useRouterState } from '@tanstack/react-router'
import { useMemo } from 'react'
import { Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { currentPeriodKey } from '../router/periodKey.ts'
import { lastBudget } from '../views/budgetList/lastBudget.ts'
import { type OpenBudgetPlace, phoneTabs, tabOfRoute } from './navigation.ts'
import { TabIcon } from './tabIcons.tsx'
import { useCurrentRoute } from './useCurrentPage.ts'

/**
 * The phone's bottom tab bar: the budget's month, accounts and transactions one tap away, everything else (settings,
 * the budgets list, tokens, account) under 'more'. Off a budget's addresses it leads to the budget opened last.
 */
export const TabBar = () => {
  const { t } = useTranslation()
  const route = useCurrentRoute()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  // The shell sits above the route's outlet: the deepest match carries the route's params.
  const params = useRouterState({ select: (state) => state.matches.at(-1)?.params }) as
    | { readonly budgetId?: string; readonly periodKey?: string }
    | undefined
  const budgetId = params?.budgetId
  const periodKey = params?.periodKey
  // biome-ignore lint/correctness/useExhaustiveDependencies: the remembered budget is read again on each address.
  const budget = useMemo((): OpenBudgetPlace | null => {
    const id = budgetId ?? lastBudget()
    return id === null ? null : { budgetId: id, periodKey: periodKey ?? currentPeriodKey(new Date()) }
  }, [budgetId, periodKey, pathname])
  const current = tabOfRoute(route.name, budget !== null)
  return (
    <nav className="tab-bar" aria-label={t('tabs.label')}>
      <ul className="tab-bar__list">
        {phoneTabs(budget).map((tab) => (
          <li key={tab.id} className="tab-bar__item">
            <Link
              className="tab-bar__link"
              href={tab.href}
              {...(tab.id === current ? { 'aria-current': 'page' as const } : {})}
            >
              <TabIcon tab={tab.id} />
              <span className="tab-bar__label">{t(tab.labelKey)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
