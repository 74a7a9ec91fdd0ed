import { lazyRouteComponent } from '@tanstack/react-router'
import type { BudgetId, UserId } from '../../schemas/ids.ts'
import type { RouterContext } from './guards.ts'

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
export const settingsView = () =>
  lazyRouteComponent(reported(() => import('../views/settings/SettingsView.tsx')))
export const welcomeView = () =>
  lazyRouteComponent(reported(() => import('../views/welcome/WelcomeView.tsx')))
export const loginView = () => lazyRouteComponent(reported(() => import('../views/welcome/LoginView.tsx')))

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

// Budgeting screens, one chunk per area; each route names the view it shows.
type BudgetsViews = typeof import('../views/budgetList/routes.tsx')
type BudgetViews = typeof import('../views/month/routes.tsx')
type CategoryViews = typeof import('../views/category/routes.tsx')
type TransactionViews = typeof import('../views/transactions/routes.tsx')
type AccountViews = typeof import('../views/accounts/routes.tsx')
type OnboardingViews = typeof import('../views/onboarding/routes.tsx')
type BudgetImportViews = typeof import('../views/budgetImport/routes.tsx')
type BankImportViews = typeof import('../views/bankImport/routes.tsx')

export const budgetsView = (name: keyof BudgetsViews) =>
  lazyRouteComponent(
    reported(() => import('../views/budgetList/routes.tsx')),
    name,
  )
export const budgetView = (name: keyof BudgetViews) =>
  lazyRouteComponent(
    reported(() => import('../views/month/routes.tsx')),
    name,
  )
export const categoryView = (name: keyof CategoryViews) =>
  lazyRouteComponent(
    reported(() => import('../views/category/routes.tsx')),
    name,
  )
export const transactionsView = (name: keyof TransactionViews) =>
  lazyRouteComponent(
    reported(() => import('../views/transactions/routes.tsx')),
    name,
  )
export const accountsView = (name: keyof AccountViews) =>
  lazyRouteComponent(
    reported(() => import('../views/accounts/routes.tsx')),
    name,
  )

/**
 * The budget route's loader: the app actor opens the budget now, so its summary is read in parallel with the view's
 * code instead of after it (machines/openBudget/summaryAhead.machine.ts); the view finds the budget open.
 */
export const prepareBudgetView = (context: RouterContext, budgetId: string): void => {
  context.app.send({
    type: 'budget.open',
    // The route matched `$budgetId`; the brands' schemas (effect) stay out of the first screen's JavaScript, and
    // an id that is no budget's is answered 404 by the server.
    budgetId: budgetId as BudgetId,
    userId: (context.subject() ?? 'anonymous') as UserId,
  })
}

const budgetPeriodPath = /^\/budget\/([^/]+)\/period\//u

/**
 * Opening a month (or a dialog over it) by address: its summary is read as soon as there is a session, alongside
 * the profile and subscription checks rather than after them (a round trip sooner on a cold start). A refused
 * check leaves the budget open but unseen; the next budget opened replaces it.
 */
export const prepareBudgetViewAt = (context: RouterContext, pathname: string): void => {
  const budgetId = budgetPeriodPath.exec(pathname)?.[1]
  if (budgetId !== undefined) prepareBudgetView(context, decodeURIComponent(budgetId))
}

export const onboardingView = (name: keyof OnboardingViews) =>
  lazyRouteComponent(
    reported(() => import('../views/onboarding/routes.tsx')),
    name,
  )

export const budgetImportView = (name: keyof BudgetImportViews) =>
  lazyRouteComponent(
    reported(() => import('../views/budgetImport/routes.tsx')),
    name,
  )

export const bankImportView = (name: keyof BankImportViews) =>
  lazyRouteComponent(
    reported(() => import('../views/bankImport/routes.tsx')),
    name,
  )

type SharingViews = typeof import('../views/sharing/routes.tsx')

/** Members and invitations (phones' `{budgetId}/invite`) and the invitation link's page (both trees). */
export const sharingView = (name: keyof SharingViews) =>
  lazyRouteComponent(
    reported(() => import('../views/sharing/routes.tsx')),
    name,
  )

type NotificationViews = typeof import('../views/notifications/routes.tsx')

/** The reminders and notification settings (desktop settings/reminders; phone settings/reminder, /notifications). */
export const notificationsView = (name: keyof NotificationViews) =>
  lazyRouteComponent(
    reported(() => import('../views/notifications/routes.tsx')),
    name,
  )

type ActivityViews = typeof import('../views/activity/routes.tsx')

/** The activity feed (issue 30 §3 "who did what"), on both trees. */
export const activityView = (name: keyof ActivityViews) =>
  lazyRouteComponent(
    reported(() => import('../views/activity/routes.tsx')),
    name,
  )

type StatisticsViews = typeof import('../views/statistics/routes.tsx')

/** The statistics screen (issue 31): its chart library loads with it, never with the first screen. */
export const statisticsView = (name: keyof StatisticsViews) =>
  lazyRouteComponent(
    reported(() => import('../views/statistics/routes.tsx')),
    name,
  )

type LoansViews = typeof import('../views/loans/routes.tsx')

/** The loans list and a loan's page (issue 32), on both trees: its charts and schedule load with it. */
export const loansView = (name: keyof LoansViews) =>
  lazyRouteComponent(
    reported(() => import('../views/loans/routes.tsx')),
    name,
  )
