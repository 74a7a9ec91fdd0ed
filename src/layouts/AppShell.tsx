import { Link, Outlet, useParams, useRouter } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { lazy, Suspense, useEffect } from 'react'
import { RouterProvider as AriaRouterProvider, I18nProvider } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { selectHelpOpen, selectIsMobile } from '../../machines/app/index.ts'
import { useAppActor } from '../app/AppActor.tsx'
import { HelpLauncher } from '../components/HelpLauncher.tsx'
import { useNotificationsSession } from '../components/NotificationBell.tsx'
import { Toasts } from '../components/Toasts.tsx'
import { regionalLocale } from '../i18n/regionalLocale.ts'
import { SharedTranslationProvider } from '../i18n/SharedTranslation.tsx'
import { useUserLocale } from '../i18n/useUserLocale.ts'
import { BudgetGoneGate } from '../openBudget/BudgetGone.tsx'
import { paths } from '../router/paths.ts'
import { AppHeader } from './AppHeader.tsx'
import { PageTitle, usePageHeading } from './PageTitle.tsx'
import { ReadOnlyBanner } from './ReadOnlyBanner.tsx'
import { SidePanel } from './SidePanel.tsx'
import { TabBar } from './TabBar.tsx'
import { useCurrentPage } from './useCurrentPage.ts'
import { useDevice } from './useDevice.ts'

// Modal code loads only when help is first opened.
const HelpDialog = lazy(() => import('../components/HelpDialog.tsx'))
/** Root layout of both route trees: header, optional side panel, page header, the view, toasts and help. */
export const AppShell = () => {
  const { t, i18n } = useTranslation()
  const router = useRouter()
  const app = useAppActor()
  const isMobile = useSelector(app, selectIsMobile)
  const helpOpen = useSelector(app, selectHelpOpen)
  // The language follows the user (chosen at sign-in or on another device), not only this browser.
  useUserLocale()
  // The notification centre reads (and polls) only while someone is signed in.
  useNotificationsSession()
  const page = useCurrentPage()
  const heading = usePageHeading(page)
  const header = t(heading.kind === 'text' ? heading.key : heading.fallbackKey)
  const showSidePanel = page.layout === 'default' && !page.noSidePanel && !isMobile
  // A budget's page without the side panel (statistics, budget settings) still leads back to the budget.
  const { budgetId }: { budgetId?: string } = useParams({ strict: false })
  const backToBudget =
    page.layout === 'default' && page.noSidePanel && !isMobile && budgetId !== undefined ? budgetId : null
  // The phone's route tree draws its bottom tabs on every screen of the app; sign-in and welcome pages have none.
  const showTabBar = useDevice() === 'mobile' && page.layout === 'default'

  useEffect(() => {
    document.title = `${header} · ${t('app.name')}`
  }, [header, t])

  return (
    // react-aria links and menu items navigate through TanStack's history (one code path for both trees).
    <AriaRouterProvider navigate={(href) => router.history.push(href)}>
      {/* Dates, numbers and calendars in react-aria follow the app's language, not the browser's. */}
      <I18nProvider locale={regionalLocale(i18n.resolvedLanguage)}>
        <SharedTranslationProvider>
          <div
            className="app-shell"
            data-layout={page.layout}
            data-mobile={isMobile}
            data-tab-bar={showTabBar || undefined}
          >
            <a className="skip-link" href="#main">
              {t('app.skipToContent')}
            </a>
            <AppHeader />
            <div className="app-shell__body">
              {showSidePanel ? <SidePanel /> : null}
              <main id="main" className="app-shell__main" tabIndex={-1}>
                <BudgetGoneGate>
                  <ReadOnlyBanner />
                  {backToBudget === null ? null : (
                    <Link className="page-back" to={paths.budget(backToBudget)}>
                      {t('app.backToBudget')}
                    </Link>
                  )}
                  <h1 className="page-title">
                    <PageTitle heading={heading} />
                  </h1>
                  <Outlet />
                </BudgetGoneGate>
              </main>
            </div>
            {showTabBar ? <TabBar /> : null}
            <Toasts />
            <HelpLauncher />
            {helpOpen ? (
              <Suspense fallback={null}>
                <HelpDialog />
              </Suspense>
            ) : null}
          </div>
        </SharedTranslationProvider>
      </I18nProvider>
    </AriaRouterProvider>
  )
}
