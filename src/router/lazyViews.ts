import { lazyRouteComponent } from '@tanstack/react-router'

/**
 * TanStack Router reloads the page once when a chunk is missing; SPEC §8 wants the failure reported instead
 * (an error toast via 'vite:preloadError', and the route's error view with a retry). A wrapped error keeps the
 * cause but no longer looks like a missing module, so no reload happens.
 */
class ViewLoadError extends Error {
  override name = 'ViewLoadError'
}

const reported =
  <T>(importer: () => Promise<T>) =>
  () =>
    importer().catch((cause: unknown) => {
      throw new ViewLoadError('view-load-failed', { cause })
    })

/** Every route view is its own on-demand chunk (SPEC §2: route views are loaded on demand). */
export const notAvailableView = () =>
  lazyRouteComponent(reported(() => import('../views/NotAvailableView.tsx')))
export const notAvailableDialog = () =>
  lazyRouteComponent(reported(() => import('../views/NotAvailableDialog.tsx')))
export const healthView = () => lazyRouteComponent(reported(() => import('../views/HealthView.tsx')))
export const tokensView = () => lazyRouteComponent(reported(() => import('../views/settings/TokensView.tsx')))

type AuthViewName =
  | 'SilentRenewView'
  | 'AuthCallbackView'
  | 'LogoutView'
  | 'SignoutCallbackView'
  | 'RegistrationCallbackView'
  | 'DeleteAccountCallbackView'

/** One on-demand chunk for all authentication views (they share the session hooks). */
export const authView = (name: AuthViewName) =>
  lazyRouteComponent(
    reported(() => import('../views/AuthMessageView.tsx')),
    name,
  )
