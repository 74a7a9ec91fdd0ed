import { createRoute } from '@tanstack/react-router'
import { HealthError, HealthLoading } from '../views/HealthStates.tsx'
import { requireSignedInApp } from './guards.ts'
import { authView, healthView, sharingView } from './lazyViews.ts'
import type { AppRootRoute } from './rootRoute.ts'
import { meta } from './staticData.ts'

const authMeta = (name: string) => meta(name, { layout: 'empty', noSidePanel: true, status: 'built' })

/** Routes present on every device: the authentication returns (src/auth/), /health and invitation links. */
export const createSharedRoutes = (rootRoute: AppRootRoute) => {
  const silentRenewRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/silentRenew',
    staticData: authMeta('silentRenew'),
    component: authView('SilentRenewView'),
  })
  const callbackRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/callback',
    staticData: authMeta('callback'),
    component: authView('AuthCallbackView'),
  })
  const logoutRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/logout',
    staticData: authMeta('logout'),
    component: authView('LogoutView'),
  })
  const signoutCallbackRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/signout-callback',
    staticData: authMeta('signoutCallback'),
    component: authView('SignoutCallbackView'),
  })
  const registrationCallbackRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/registration-callback',
    staticData: authMeta('registrationCallback'),
    component: authView('RegistrationCallbackView'),
  })
  const deleteAccountCallbackRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/delete-account-callback',
    staticData: authMeta('deleteAccountCallback'),
    component: authView('DeleteAccountCallbackView'),
  })
  const healthRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/health',
    staticData: meta('health', { layout: 'empty', noSidePanel: true, status: 'built' }),
    // The loader (and with it the HTTP client and schemas) is fetched on demand, like the view.
    loader: ({ abortController, context }) =>
      import('../views/health/loadHealth.ts').then(({ loadHealth }) =>
        loadHealth(context.api, abortController.signal),
      ),
    staleTime: 0,
    gcTime: 0,
    pendingMs: 150,
    component: healthView(),
    pendingComponent: HealthLoading,
    errorComponent: HealthError,
  })
  // An invitation link. Signed out in a browser, the page itself first says who invites to which budget and offers
  // to sign in or register (back to the link); if the server will not tell a stranger (401), the page's request
  // starts the sign-in as before. Native apps go to their login route as everywhere.
  const invitationRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/invitation/$token',
    staticData: meta('invitation', { layout: 'empty', noSidePanel: true, status: 'built' }),
    beforeLoad: async (args) => {
      if (!args.context.auth.isNative && (await args.context.auth.settledSession()) === 'signedOut') return
      await requireSignedInApp(args)
    },
    component: sharingView('InvitationRoute'),
  })
  return [
    silentRenewRoute,
    callbackRoute,
    logoutRoute,
    signoutCallbackRoute,
    registrationCallbackRoute,
    deleteAccountCallbackRoute,
    healthRoute,
    invitationRoute,
  ] as const
}
