import { createRoute, createRouter } from '@tanstack/react-router'
import { validateBudgetSearch, validateBudgetsSearch, validateImportSearch } from './budgetSearch.ts'
import {
  type RouterContext,
  redirectToCurrentPeriod,
  requireActiveSubscription,
  requireSignedInApp,
  requireValidPeriodKey,
} from './guards.ts'
import {
  activityView,
  bankImportView,
  budgetImportView,
  budgetsView,
  budgetView,
  loansView,
  notAvailableView,
  notificationsView,
  onboardingView,
  prepareBudgetView,
  prepareBudgetViewAt,
  statisticsView,
  tokensView,
} from './lazyViews.ts'
import { validateLoansSearch } from './loansSearch.ts'
import { RouteError } from './RouteError.tsx'
import { createAppRootRoute } from './rootRoute.ts'
import { createSharedRoutes } from './sharedRoutes.ts'
import { layoutMeta, meta } from './staticData.ts'
import { validateStatisticsSearch } from './statisticsSearch.ts'

// SPEC §2 "Desktop set". Each route is its own const so TanStack keeps the path types.
const rootRoute = createAppRootRoute()

/** Pathless layout for everything under '/', guarded in SPEC order: authentication, then disabled user. */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  staticData: layoutMeta('app'),
  beforeLoad: (args) =>
    requireSignedInApp(args, () => prepareBudgetViewAt(args.context, args.location.pathname)),
})

const homeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  staticData: meta('home', { layout: 'empty', status: 'built' }),
  validateSearch: validateBudgetsSearch,
  component: budgetsView('HomeView'),
})
const subscriptionExpiredRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'subscription-expired',
  staticData: meta('subscriptionExpired'),
  component: notAvailableView(),
})
const subscriptionExtendedRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'subscription-extended',
  staticData: meta('subscriptionExtended'),
  component: notAvailableView(),
})
const testDataRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'test-data/$secret/$transactionsPerMonth',
  staticData: meta('testData'),
  component: notAvailableView(),
})
const demoDataRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'demo-data/$secret',
  staticData: meta('demoData'),
  component: notAvailableView(),
})

const budgetSectionRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'budget',
  staticData: layoutMeta('budgetSection'),
  beforeLoad: (args) => requireActiveSubscription(args),
})
const budgetImportRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/import-budget',
  staticData: meta('budgetImport', { noSidePanel: true, status: 'built' }),
  component: budgetImportView('BudgetImportView'),
})
const statisticsRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/statistics',
  staticData: meta('statistics', { noSidePanel: true, status: 'built' }),
  validateSearch: validateStatisticsSearch,
  component: statisticsView('StatisticsView'),
})
const importTransactionsRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/import',
  staticData: meta('importTransactions', { noSidePanel: true, status: 'built' }),
  validateSearch: validateImportSearch,
  component: bankImportView('ImportTransactionsRoute'),
})
const budgetSettingsRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/settings',
  staticData: meta('budgetSettings', { noSidePanel: true, status: 'built' }),
  validateSearch: validateBudgetsSearch,
  component: budgetsView('BudgetSettingsView'),
})
const activityRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/activity',
  staticData: meta('activity', { status: 'built' }),
  component: activityView('ActivityView'),
})
const budgetPeriodRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/period/$periodKey',
  staticData: meta('budget', { status: 'built' }),
  beforeLoad: (args) => requireValidPeriodKey(args),
  loader: ({ context, params }) => prepareBudgetView(context, params.budgetId),
  validateSearch: validateBudgetSearch,
  component: budgetView('BudgetView'),
})
const budgetAliasRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId',
  staticData: meta('budgetAlias', { headerKey: 'routes.budget', status: 'built' }),
  beforeLoad: (args) => redirectToCurrentPeriod(args),
})
const loansRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/loans/{-$loanId}',
  staticData: meta('loans', { status: 'built' }),
  validateSearch: validateLoansSearch,
  component: loansView('LoansView'),
})
const bankConnectionRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/bank-connection/$bankConnectionId',
  staticData: meta('bankConnectionOnboardingStatus'),
  component: notAvailableView(),
})
const verifyTransactionsRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/verify-transactions',
  staticData: meta('verifyTransactions', { noSidePanel: true }),
  component: notAvailableView(),
})

const budgetsListRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'budgets',
  staticData: meta('budgetsList', { layout: 'empty', status: 'built' }),
  validateSearch: validateBudgetsSearch,
  component: budgetsView('BudgetsListView'),
})
const settingsSubscriptionRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/subscription',
  staticData: meta('settingsSubscription', { noSidePanel: true }),
  component: notAvailableView(),
})
const settingsReminderRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/reminders',
  staticData: meta('settingsReminder', { noSidePanel: true, status: 'built' }),
  component: notificationsView('RemindersSettingsView'),
})
const settingsTokensRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/tokens',
  staticData: meta('settingsTokens', { noSidePanel: true, status: 'built' }),
  component: tokensView(),
})
const settingsReferralRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/referral',
  staticData: meta('settingsReferral', { noSidePanel: true }),
  component: notAvailableView(),
})

/** The product onboarding (SPEC §2 `onboardingProgress`: survey, FirstStep, SecondStep, ThirdStep, completed). */
const productOnboardingRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'onboarding/$onboardingProgress',
  staticData: meta('productOnboarding', { layout: 'empty', noSidePanel: true, status: 'built' }),
  component: onboardingView('OnboardingView'),
})

export const desktopRouteTree = rootRoute.addChildren([
  ...createSharedRoutes(rootRoute),
  appRoute.addChildren([
    homeRoute,
    productOnboardingRoute,
    subscriptionExpiredRoute,
    subscriptionExtendedRoute,
    testDataRoute,
    demoDataRoute,
    budgetSectionRoute.addChildren([
      budgetImportRoute,
      statisticsRoute,
      importTransactionsRoute,
      budgetSettingsRoute,
      activityRoute,
      budgetPeriodRoute,
      budgetAliasRoute,
      loansRoute,
      bankConnectionRoute,
      verifyTransactionsRoute,
    ]),
    budgetsListRoute,
    settingsSubscriptionRoute,
    settingsReminderRoute,
    settingsReferralRoute,
    settingsTokensRoute,
  ]),
])

export const createDesktopRouter = (context: RouterContext) =>
  createRouter({
    routeTree: desktopRouteTree,
    context,
    defaultPreload: 'intent',
    defaultErrorComponent: RouteError,
  })

export type DesktopRouter = ReturnType<typeof createDesktopRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: DesktopRouter
  }
}
