import { useRouterState } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { navigationFor } from './navigation.ts'
import { useBuiltItems } from './routeStatus.ts'
import { useDevice } from './useDevice.ts'

// The budget section reads the open budget; its code loads only once a budget route is shown.
const BudgetNav = lazy(() => import('../views/accounts/BudgetNav.tsx'))

/** The default layout's navigation column (desktop only); on a budget's routes it adds the budget's section. */
export const SidePanel = () => {
  const { t } = useTranslation()
  const device = useDevice()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  // The shell sits above the route's outlet: the deepest match carries the route's params.
  const params = useRouterState({ select: (state) => state.matches.at(-1)?.params }) as
    | { readonly budgetId?: string; readonly periodKey?: string }
    | undefined
  const budgetId = params?.budgetId
  const items = useBuiltItems(navigationFor(device))
  const periodKey = params?.periodKey
  return (
    <nav className="side-panel" aria-label={t('nav.label')}>
      {budgetId === undefined ? null : (
        <Suspense fallback={null}>
          <BudgetNav budgetId={budgetId} periodKey={periodKey} />
        </Suspense>
      )}
      <ul className="side-panel__list">
        {items.map((item) => (
          <li key={item.href}>
            <Link
              className="side-panel__link"
              href={item.href}
              {...(pathname === item.href ? { 'aria-current': 'page' as const } : {})}
            >
              {t(item.labelKey)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
