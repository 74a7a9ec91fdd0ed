import './styles/tokens.css'
import './styles/base.css'
import './styles/shell.css'
import './styles/components.css'
import { RouterProvider } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { APP_SYSTEM_ID, isMobileViewport } from '../machines/app/index.ts'
import { AppActorContext } from './app/AppActor.tsx'
import { loadInspector } from './app/inspector.ts'
import { useViewLoadFailures } from './app/useViewLoadFailures.ts'
import { createI18n } from './i18n/i18n.ts'
import { createBrowserPlatform } from './platform/browserPlatform.ts'
import { browserStorage } from './platform/storage.ts'
import type { RouterContext } from './router/guards.ts'

const ViewLoadFailures = ({ children }: { children: ReactNode }) => {
  useViewLoadFailures()
  return children
}

const start = async () => {
  const rootElement = document.getElementById('root')
  if (rootElement === null) throw new Error('index.html has no #root element')

  const i18n = await createI18n()
  const platform = createBrowserPlatform(i18n)
  const inspect = await loadInspector()

  // SPEC §2: the route set is chosen by device, once, at start.
  const context: RouterContext = {
    storage: browserStorage,
    now: platform.now,
    device: isMobileViewport(window.innerWidth) ? 'mobile' : 'desktop',
  }
  const router =
    context.device === 'mobile'
      ? (await import('./router/mobileRoutes.ts')).createMobileRouter(context)
      : (await import('./router/desktopRoutes.ts')).createDesktopRouter(context)

  createRoot(rootElement).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <AppActorContext.Provider
          options={{
            input: { platform },
            systemId: APP_SYSTEM_ID,
            ...(inspect === undefined ? {} : { inspect }),
          }}
        >
          <ViewLoadFailures>
            <RouterProvider router={router} />
          </ViewLoadFailures>
        </AppActorContext.Provider>
      </I18nextProvider>
    </StrictMode>,
  )
}

void start()
