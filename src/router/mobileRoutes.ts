import { createRoute, createRouter } from '@tanstack/react-router'
import { validateBudgetSearch, validateBudgetsSearch, validateImportSearch } from './budgetSearch.ts'
import {
  type RouterContext,
  redirectToCurrentPeriod,
  requireActiveSubscription,
  requireSignedInApp,
  requireValidPeriodKey,
  requireWelcomeComplete,
} from './guards.ts'
import {
  accountsView,
  activityView,
  bankImportView,
  budgetsView,
  budgetView,
  categoryView,
  loansView,
  loginView,
  notAvailableView,
  notificationsView,
  onboardingView,
  prepareBudgetView,
  prepareBudgetViewAt,
  settingsView,
  sharingView,
  statisticsView,
  tokensView,
  transactionsView,
  welcomeView,
} from './lazyViews.ts'
import { validateLoansSearch } from './loansSearch.ts'
import { RouteError } from './RouteError.tsx'
import { createAppRootRoute } from './rootRoute.ts'
import { createSharedRoutes } from './sharedRoutes.ts'
import { layoutMeta, meta } from './staticData.ts'
import { validateStatisticsSearch } from './statisticsSearch.ts'

// SPEC §2 "Mobile set". Each route is its own const so TanStack keeps the path types.
const rootRoute = createAppRootRoute()

const welcomeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/welcome',
  staticData: meta('onboarding', { layout: 'empty', noSidePanel: true, status: 'built' }),
  component: welcomeView(),
})
const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  staticData: meta('login', { layout: 'empty', noSidePanel: true, status: 'built' }),
  beforeLoad: (args) => requireWelcomeComplete(args),
  component: loginView(),
})

/** Pathless layout for everything under '/'; the same session guards as the desktop set. */
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
  staticData: meta('home', { status: 'built' }),
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
const specialOfferRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'special-offer',
  staticData: meta('specialOffer'),
  component: notAvailableView(),
})
const settingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings',
  staticData: meta('settings', { status: 'built' }),
  component: settingsView(),
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
  staticData: meta('settingsReminder', { status: 'built' }),
  component: notificationsView('MobileReminderView'),
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
  staticData: meta('notifications', { status: 'built' }),
  component: notificationsView('MobileNotificationsView'),
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
  staticData: meta('budgetSettings', { status: 'built' }),
  validateSearch: validateBudgetsSearch,
  component: budgetsView('BudgetSettingsView'),
})
const statisticsRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/statistics',
  staticData: meta('statistics', { status: 'built' }),
  validateSearch: validateStatisticsSearch,
  component: statisticsView('StatisticsView'),
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
  staticData: meta('budget', { status: 'built' }),
  beforeLoad: (args) => requireValidPeriodKey(args),
  loader: ({ context, params }) => prepareBudgetView(context, params.budgetId),
  // The desktop's search, so a desktop address (`?dialog=…`) opened on a phone lands on the dialog's route.
  validateSearch: validateBudgetSearch,
  component: budgetView('BudgetView'),
})
const bankAccountsRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/period/$periodKey/bankAccounts',
  staticData: meta('bankAccounts', { status: 'built' }),
  component: accountsView('BankAccountsRoute'),
})
const bankAccountRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/period/$periodKey/bankAccounts/$bankAccountId',
  staticData: meta('bankAccount', { status: 'built' }),
  component: accountsView('BankAccountRoute'),
})
const transactionsRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/period/$periodKey/all-transactions',
  staticData: meta('transactions', { status: 'built' }),
  component: transactionsView('AllTransactionsRoute'),
})

// Dialog-style routes under {budgetId}/period/{periodKey}.
const budgetAssignRoute = createRoute({
  getParentRoute: () => budgetPeriodRoute,
  path: 'assign',
  staticData: meta('budgetAssign', { kind: 'dialog', status: 'built' }),
  component: categoryView('AssignRoute'),
})
const autoAssignRoute = createRoute({
  getParentRoute: () => budgetPeriodRoute,
  path: 'auto-assign',
  staticData: meta('autoAssign', { kind: 'dialog', status: 'built' }),
  component: categoryView('AutoAssignRoute'),
})
const assignmentHistoryRoute = createRoute({
  getParentRoute: () => budgetPeriodRoute,
  path: 'assignment-history',
  staticData: meta('assignmentHistory', { kind: 'dialog', status: 'built' }),
  component: categoryView('AssignmentHistoryRoute'),
})
const budgetCategoryRoute = createRoute({
  getParentRoute: () => budgetPeriodRoute,
  path: 'categories/$categoryId',
  staticData: meta('budgetCategory', { kind: 'dialog', status: 'built' }),
  component: categoryView('CategoryRoute'),
})
const moveMoneyRoute = createRoute({
  getParentRoute: () => budgetPeriodRoute,
  path: 'categories/$categoryId/move-money',
  staticData: meta('moveMoney', { kind: 'dialog', status: 'built' }),
  component: categoryView('MoveMoneyRoute'),
})
const moveCategoryRoute = createRoute({
  getParentRoute: () => budgetPeriodRoute,
  path: 'categories/$categoryId/move',
  staticData: meta('moveCategory', { kind: 'dialog', status: 'built' }),
  component: categoryView('MoveCategoryRoute'),
})
const targetViewRoute = createRoute({
  getParentRoute: () => budgetPeriodRoute,
  path: 'categories/$categoryId/target',
  staticData: meta('targetView', { kind: 'dialog', status: 'built' }),
  component: categoryView('TargetRoute'),
})
const moveTransactionsRoute = createRoute({
  getParentRoute: () => budgetPeriodRoute,
  path: 'categories/$categoryId/move-transactions',
  staticData: meta('moveTransactions', { kind: 'dialog', status: 'built' }),
  component: categoryView('MoveTransactionsRoute'),
})
const coverOverspendingRoute = createRoute({
  getParentRoute: () => budgetPeriodRoute,
  path: 'categories/$categoryId/cover',
  staticData: meta('coverOverspending', { kind: 'dialog', status: 'built' }),
  component: categoryView('CoverRoute'),
})
const budgetCategoryTransactionRoute = createRoute({
  getParentRoute: () => budgetPeriodRoute,
  path: 'categories/{-$categoryId}/transactions/{-$transactionId}',
  staticData: meta('budgetCategoryTransaction', { kind: 'dialog', status: 'built' }),
  component: transactionsView('TransactionEditorRoute'),
})
const transactionTemplateRoute = createRoute({
  getParentRoute: () => budgetPeriodRoute,
  path: 'categories/{-$categoryId}/templates/{-$transactionTemplateId}',
  staticData: meta('transactionTemplate', { kind: 'dialog', status: 'built' }),
  component: categoryView('TransactionTemplateRoute'),
})
const transactionDraftRoute = createRoute({
  getParentRoute: () => budgetPeriodRoute,
  path: 'categories/{-$categoryId}/templates/$transactionTemplateId/date/$templateDate/confirm',
  staticData: meta('transactionDraft', { kind: 'dialog', status: 'built' }),
  component: categoryView('TransactionDraftRoute'),
})

// "Other mobile views" of SPEC §2, placed under budget/ with the subscription guard (see docs/routes.md).
const editCategoryRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/group/$categoryGroupId/category/$categoryId',
  staticData: meta('editCategory', { status: 'built' }),
  component: budgetView('EditCategoryRoute'),
})
const deleteCategoryRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/group/$categoryGroupId/category/$categoryId/delete',
  staticData: meta('deleteCategory', { headerKey: 'routes.editCategory', status: 'built' }),
  component: budgetView('DeleteCategoryRoute'),
})
const addCategoryRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/group/$categoryGroupId',
  staticData: meta('addCategory', { status: 'built' }),
  component: budgetView('AddCategoryRoute'),
})
const editCategoryGroupRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/category-group/{-$categoryGroupId}',
  staticData: meta('editCategoryGroup', { status: 'built' }),
  component: budgetView('EditGroupRoute'),
})
const deleteCategoryGroupRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/category-group/$categoryGroupId/delete',
  staticData: meta('deleteCategoryGroup', { status: 'built' }),
  component: budgetView('DeleteGroupRoute'),
})
const periodTransactionsRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/$periodKey/transactions',
  staticData: meta('periodTransactions', { status: 'built' }),
  component: transactionsView('PeriodTransactionsRoute'),
})
const activityRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/activity',
  staticData: meta('activity', { status: 'built' }),
  component: activityView('ActivityView'),
})
const budgetModalRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '{-$budgetId}/edit',
  staticData: meta('budgetModal', { status: 'built' }),
  component: budgetsView('BudgetModalRoute'),
})
const budgetInviteRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/invite',
  staticData: meta('budgetInvite', { status: 'built' }),
  component: sharingView('InviteRoute'),
})
const budgetsListRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '{-$budgetId}/list',
  staticData: meta('budgetsList', { status: 'built' }),
  validateSearch: validateBudgetsSearch,
  component: budgetsView('BudgetsListView'),
})
const importTransactionsRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '{-$budgetId}/import',
  staticData: meta('importTransactions', { status: 'built' }),
  validateSearch: validateImportSearch,
  component: bankImportView('ImportTransactionsRoute'),
})
const loansRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/loans/{-$loanId}',
  staticData: meta('loans', { status: 'built' }),
  validateSearch: validateLoansSearch,
  component: loansView('LoansView'),
})
const bankAccountModalRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/bankAccount/{-$bankAccountId}/modal',
  staticData: meta('bankAccountModal', { status: 'built' }),
  component: accountsView('BankAccountModalRoute'),
})
const closeBankAccountRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/bankAccount/{-$bankAccountId}/close-modal',
  staticData: meta('closeBankAccount', { status: 'built' }),
  component: accountsView('CloseBankAccountRoute'),
})
const reconcileRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/bankAccount/$bankAccountId/reconcile',
  staticData: meta('reconcile', { status: 'built' }),
  component: accountsView('ReconcileRoute'),
})
const reconcileEditRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/bankAccount/$bankAccountId/reconcile-edit',
  staticData: meta('reconcileEdit', { status: 'built' }),
  component: accountsView('ReconcileEditRoute'),
})
const transferRoute = createRoute({
  getParentRoute: () => budgetSectionRoute,
  path: '$budgetId/bankAccount/$bankAccountId/transfer',
  staticData: meta('transfer', { status: 'built' }),
  component: accountsView('TransferRoute'),
})

/** The product onboarding (SPEC §2 `onboardingProgress`: survey, FirstStep, SecondStep, ThirdStep, completed). */
const productOnboardingRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'onboarding/$onboardingProgress',
  staticData: meta('productOnboarding', { layout: 'empty', noSidePanel: true, status: 'built' }),
  component: onboardingView('OnboardingView'),
})

export const mobileRouteTree = rootRoute.addChildren([
  ...createSharedRoutes(rootRoute),
  welcomeRoute,
  loginRoute,
  appRoute.addChildren([
    homeRoute,
    productOnboardingRoute,
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
      activityRoute,
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
