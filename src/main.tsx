import './styles/tokens.css'
import './styles/base.css'
import './styles/shell.css'
import './styles/components.css'
import './auth/auth.css'
import { RouterProvider } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { createAppActor, isMobileViewport, LOCALE_STORAGE_KEY } from '../machines/app/index.ts'
import { selectSubject } from '../machines/session/session.selectors.ts'
import { ApiContext } from './api/ApiContext.tsx'
import { AppActorProvider } from './app/AppActor.tsx'
import { loadInspector } from './app/inspector.ts'
import { useViewLoadFailures } from './app/useViewLoadFailures.ts'
import { AuthContext } from './auth/AuthContext.tsx'
import { AuthProblem } from './auth/AuthProblem.tsx'
import { createAuth } from './auth/createAuth.ts'
import { detectNativePlatform } from './auth/platform.ts'
import { createI18n } from './i18n/i18n.ts'
import { startLocale } from './i18n/startLocale.ts'
import { createBudgetHost } from './openBudget/budgetHost.ts'
import { browserStorage } from './platform/storage.ts'
import { createBrowserPlatform } from './ports/browserPlatform.ts'
import { createNotificationsPort } from './ports/notificationsPort.ts'
import type { RouterContext } from './router/guards.ts'

const ViewLoadFailures = ({ children }: { children: ReactNode }) => {
  useViewLoadFailures()
  return children
}

const start = async () => {
  // The hidden silent-renew frame only hands the provider's answer to its parent; it never boots the app.
  if (window.location.pathname === '/silentRenew') {
    await (await import('./auth/silentRenew.ts')).completeSilentRenew()
    return
  }
  const rootElement = document.getElementById('root')
  if (rootElement === null) throw new Error('index.html has no #root element')

  // Only the start language's texts are fetched (the app machine starts in the same one).
  const i18n = await createI18n(startLocale(browserStorage.get(LOCALE_STORAGE_KEY), navigator.languages))
  const isNative = detectNativePlatform()
  const inspect = await loadInspector()
  let firstScreenDrawn = () => {}
  const firstScreenShown = new Promise<void>((resolve) => {
    firstScreenDrawn = resolve
  })
  // The session starts reading the stored user now; guards wait for it (SPEC §4).
  const auth = createAuth({ isNative, firstScreenShown })
  const platform = createBrowserPlatform(i18n, auth.loadApi)
  // The root actor of the page: created once, before the router (its loaders open budgets through it).
  const app = createAppActor(platform, {
    budgets: createBudgetHost(auth.loadApi),
    notifications: createNotificationsPort(auth.loadApi),
    ...(inspect === undefined ? {} : { inspect }),
  })
  app.start()

  // SPEC §2: the route set is chosen by device, once, at start.
  const context: RouterContext = {
    storage: browserStorage,
    now: platform.now,
    device: isMobileViewport(window.innerWidth) ? 'mobile' : 'desktop',
    auth: auth.access,
    app,
    subject: () => selectSubject(auth.session.getSnapshot()),
    api: auth.loadApi,
  }
  const router =
    context.device === 'mobile'
      ? (await import('./router/mobileRoutes.ts')).createMobileRouter(context)
      : (await import('./router/desktopRoutes.ts')).createDesktopRouter(context)
  // SPEC §2: on the native platform an unauthenticated user (or a 401) goes to the route named login.
  auth.setGoToLogin(() => void router.navigate({ href: '/login', replace: true }))
  // The first resolved location is on screen: work the screen does not need may start.
  const stopWatchingFirstRender = router.subscribe('onRendered', () => {
    stopWatchingFirstRender()
    firstScreenDrawn()
  })
  if (isNative) void import('./auth/nativeLinks.ts').then(({ startNativeLinks }) => startNativeLinks(router))

  createRoot(rootElement).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <AppActorProvider app={app}>
          <AuthContext.Provider value={auth}>
            <ApiContext.Provider value={auth.loadApi}>
              <ViewLoadFailures>
                <AuthProblem />
                <RouterProvider router={router} />
              </ViewLoadFailures>
            </ApiContext.Provider>
          </AuthContext.Provider>
        </AppActorProvider>
      </I18nextProvider>
    </StrictMode>,
  )
}

void start()
