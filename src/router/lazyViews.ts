import { lazyRouteComponent } from '@tanstack/react-router'

/** Every route view is its own on-demand chunk (SPEC §2: route views are loaded on demand). */
export const notAvailableView = () => lazyRouteComponent(() => import('../views/NotAvailableView.tsx'))
export const notAvailableDialog = () => lazyRouteComponent(() => import('../views/NotAvailableDialog.tsx'))
export const healthView = () => lazyRouteComponent(() => import('../views/HealthView.tsx'))
export const authView = (name: 'SilentRenewView' | 'LogoutView' | 'AuthCallbackView') =>
  lazyRouteComponent(() => import('../views/AuthMessageView.tsx'), name)
