import { useRouterState } from '@tanstack/react-router'
import { Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { navigationFor } from './navigation.ts'
import { useDevice } from './useDevice.ts'

/** The default layout's navigation column (desktop only). */
export const SidePanel = () => {
  const { t } = useTranslation()
  const device = useDevice()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  return (
    <nav className="side-panel" aria-label={t('nav.label')}>
      <ul className="side-panel__list">
        {navigationFor(device).map((item) => (
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
