import { createRoute, createRouter } from '@tanstack/react-router'
import {
  type RouterContext,
  redirectToCurrentPeriod,
  requireActiveSubscription,
  requireSignedInApp,
  requireValidPeriodKey,
  requireWelcomeComplete,
} from './guards.ts'
import { notAvailableDialog, notAvailableView, tokensView } from './lazyViews.ts'
import { RouteError } from './RouteError.tsx'
import { createAppRootRoute } from './rootRoute.ts'
import { createSharedRoutes } from './sharedRoutes.ts'
import { layoutMeta, meta } from './staticData.ts'

// SPEC §2 "Mobile set". Each route is its own const so TanStack keeps the path types.
const rootRoute = createAppRootRoute()

const welcomeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/welcome',
  staticData: meta('onboarding', { layout: 'empty', noSidePanel: true }),
  component: notAvailableView(),
})
const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  staticData: meta('login', { layout: 'empty', noSidePanel: true }),
  beforeLoad: (args) => requireWelcomeComplete(args),
  component: notAvailableView(),
})

/** Pathless layout for everything under '/'; the same session guards as the desktop set. */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  staticData: layoutMeta('app'),
  beforeLoad: (args) => requireSignedInApp(args),
})

const homeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  staticData: meta('home'),
  component: notAvailableView(),
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
const specialOfferRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'special-offer',
  staticData: meta('specialOffer'),
  component: notAvailableView(),
})
const settingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings',
  staticData: meta('settings'),
  component: notAvailableView(),
})
const settingsSubscriptionRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/subscription',
  staticData: meta('settingsSubscription'),
  component: notAvailableView(),
})
const settingsReminderRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/reminder',
  staticData: meta('settingsReminder'),
  component: notAvailableView(),
})
const settingsTokensRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/tokens',
  staticData: meta('settingsTokens', { status: 'built' }),
  component: tokensView(),
})
const settingsReferralRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/referral',
  staticData: meta('settingsReferral'),
  component: notAvailableView(),
})
const notificationsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/notifications',
  staticData: meta('notifications'),
  component: notAvailableView(),
})

const budgetSectionRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'budget',
  staticData: layoutMeta('budgetSection'),
  beforeLoad: (args) => requireActiveSubscription(args),
})
const budgetSettingsRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/settings',
  staticData: meta('budgetSettings'),
  component: notAvailableView(),
})
const statisticsRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/statistics',
  staticData: meta('statistics'),
  component: notAvailableView(),
})
const budgetAliasRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId',
  staticData: meta('budgetAlias', { headerKey: 'routes.budget', status: 'built' }),
  beforeLoad: (args) => redirectToCurrentPeriod(args),
})
/** The month view; the dialog-style routes below render as modals over it. */
const budgetPeriodRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/period/$periodKey',
  staticData: meta('budget'),
  beforeLoad: (args) => requireValidPeriodKey(args),
  component: notAvailableView(),
})
const bankAccountsRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/period/$periodKey/bankAccounts',
  staticData: meta('bankAccounts'),
  component: notAvailableView(),
})
const bankAccountRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/period/$periodKey/bankAccounts/$bankAccountId',
  staticData: meta('bankAccount'),
  component: notAvailableView(),
})
const transactionsRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/period/$periodKey/all-transactions',
  staticData: meta('transactions'),
  component: notAvailableView(),
})

// Dialog-style routes under {budgetId}/period/{periodKey}.
const dialogMeta = (name: string) => meta(name, { kind: 'dialog' })
const budgetAssignRoute = createRoute({
  getParentRoute: () => budgetPeriodRoute,
  path: 'assign',
  staticData: dialogMeta('budgetAssign'),
  component: notAvailableDialog(),
})
const autoAssignRoute = createRoute({
  getParentRoute: () => budgetPeriodRoute,
  path: 'auto-assign',
  staticData: dialogMeta('autoAssign'),
  component: notAvailableDialog(),
})
const assignmentHistoryRoute = createRoute({
  getParentRoute: () => budgetPeriodRoute,
  path: 'assignment-history',
  staticData: dialogMeta('assignmentHistory'),
  component: notAvailableDialog(),
})
const budgetCategoryRoute = createRoute({
  getParentRoute: () => budgetPeriodRoute,
  path: 'categories/$categoryId',
  staticData: dialogMeta('budgetCategory'),
  component: notAvailableDialog(),
})
const moveMoneyRoute = createRoute({
  getParentRoute: () => budgetPeriodRoute,
  path: 'categories/$categoryId/move-money',
  staticData: dialogMeta('moveMoney'),
  component: notAvailableDialog(),
})
const moveCategoryRoute = createRoute({
  getParentRoute: () => budgetPeriodRoute,
  path: 'categories/$categoryId/move',
  staticData: dialogMeta('moveCategory'),
  component: notAvailableDialog(),
})
const targetViewRoute = createRoute({
  getParentRoute: () => budgetPeriodRoute,
  path: 'categories/$categoryId/target',
  staticData: dialogMeta('targetView'),
  component: notAvailableDialog(),
})
const moveTransactionsRoute = createRoute({
  getParentRoute: () => budgetPeriodRoute,
  path: 'categories/$categoryId/move-transactions',
  staticData: dialogMeta('moveTransactions'),
  component: notAvailableDialog(),
})
const coverOverspendingRoute = createRoute({
  getParentRoute: () => budgetPeriodRoute,
  path: 'categories/$categoryId/cover',
  staticData: dialogMeta('coverOverspending'),
  component: notAvailableDialog(),
})
const budgetCategoryTransactionRoute = createRoute({
  getParentRoute: () => budgetPeriodRoute,
  path: 'categories/{-$categoryId}/transactions/{-$transactionId}',
  staticData: dialogMeta('budgetCategoryTransaction'),
  component: notAvailableDialog(),
})
const transactionTemplateRoute = createRoute({
  getParentRoute: () => budgetPeriodRoute,
  path: 'categories/{-$categoryId}/templates/{-$transactionTemplateId}',
  staticData: dialogMeta('transactionTemplate'),
  component: notAvailableDialog(),
})
const transactionDraftRoute = createRoute({
  getParentRoute: () => budgetPeriodRoute,
  path: 'categories/{-$categoryId}/templates/$transactionTemplateId/date/$templateDate/confirm',
  staticData: dialogMeta('transactionDraft'),
  component: notAvailableDialog(),
})

// "Other mobile views" of SPEC §2, placed under budget/ with the subscription guard (see docs/routes.md).
const editCategoryRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/group/$categoryGroupId/category/$categoryId',
  staticData: meta('editCategory'),
  component: notAvailableView(),
})
const deleteCategoryRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/group/$categoryGroupId/category/$categoryId/delete',
  staticData: meta('deleteCategory', { headerKey: 'routes.editCategory' }),
  component: notAvailableView(),
})
const addCategoryRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/group/$categoryGroupId',
  staticData: meta('addCategory'),
  component: notAvailableView(),
})
const editCategoryGroupRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/category-group/{-$categoryGroupId}',
  staticData: meta('editCategoryGroup'),
  component: notAvailableView(),
})
const deleteCategoryGroupRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/category-group/$categoryGroupId/delete',
  staticData: meta('deleteCategoryGroup'),
  component: notAvailableView(),
})
const periodTransactionsRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/$periodKey/transactions',
  staticData: meta('periodTransactions'),
  component: notAvailableView(),
})
const budgetModalRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '{-$budgetId}/edit',
  staticData: meta('budgetModal'),
  component: notAvailableView(),
})
const budgetInviteRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/invite',
  staticData: meta('budgetInvite'),
  component: notAvailableView(),
})
const budgetsListRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '{-$budgetId}/list',
  staticData: meta('budgetsList'),
  component: notAvailableView(),
})
const importTransactionsRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '{-$budgetId}/import',
  staticData: meta('importTransactions'),
  component: notAvailableView(),
})
const loansRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/loans/{-$loanId}',
  staticData: meta('loans'),
  component: notAvailableView(),
})
const bankAccountModalRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/bankAccount/{-$bankAccountId}/modal',
  staticData: meta('bankAccountModal'),
  component: notAvailableView(),
})
const closeBankAccountRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/bankAccount/{-$bankAccountId}/close-modal',
  staticData: meta('closeBankAccount'),
  component: notAvailableView(),
})
const reconcileRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/bankAccount/$bankAccountId/reconcile',
  staticData: meta('reconcile'),
  component: notAvailableView(),
})
const reconcileEditRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/bankAccount/$bankAccountId/reconcile-edit',
  staticData: meta('reconcileEdit'),
  component: notAvailableView(),
})
const transferRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/bankAccount/$bankAccountId/transfer',
  staticData: meta('transfer'),
  component: notAvailableView(),
})

export const mobileRouteTree = rootRoute.addChildren([
  ...createSharedRoutes(rootRoute),
  welcomeRoute,
  loginRoute,
  appRoute.addChildren([
    homeRoute,
    subscriptionExpiredRoute,
    subscriptionExtendedRoute,
    specialOfferRoute,
    settingsRoute,
    settingsSubscriptionRoute,
    settingsReminderRoute,
    settingsReferralRoute,
    settingsTokensRoute,
    notificationsRoute,
    budgetSectionRoute.addChildren([
      budgetSettingsRoute,
      statisticsRoute,
      budgetAliasRoute,
      budgetPeriodRoute.addChildren([
        budgetAssignRoute,
        autoAssignRoute,
        assignmentHistoryRoute,
        budgetCategoryRoute,
        moveMoneyRoute,
        moveCategoryRoute,
        targetViewRoute,
        moveTransactionsRoute,
        coverOverspendingRoute,
        budgetCategoryTransactionRoute,
        transactionTemplateRoute,
        transactionDraftRoute,
      ]),
      bankAccountsRoute,
      bankAccountRoute,
      transactionsRoute,
      editCategoryRoute,
      deleteCategoryRoute,
      addCategoryRoute,
      editCategoryGroupRoute,
      deleteCategoryGroupRoute,
      periodTransactionsRoute,
      budgetModalRoute,
      budgetInviteRoute,
      budgetsListRoute,
      importTransactionsRoute,
      loansRoute,
      bankAccountModalRoute,
      closeBankAccountRoute,
      reconcileRoute,
      reconcileEditRoute,
      transferRoute,
    ]),
  ]),
])

export const createMobileRouter = (context: RouterContext) =>
  createRouter({
    routeTree: mobileRouteTree,
    context,
    defaultPreload: 'intent',
    defaultErrorComponent: RouteError,
  })
