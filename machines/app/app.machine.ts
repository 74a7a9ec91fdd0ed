import {
  type ActorRefFrom,
  assign,
  cancel,
  enqueueActions,
  fromPromise,
  type InputFrom,
  raise,
  sendTo,
  setup,
} from 'xstate'
import type { BudgetId, UserId } from '../../schemas/ids.ts'
import type { AnalyticsTrack } from '../analytics/analytics.machine.ts'
import { analyticsMachine } from '../analytics/analytics.machine.ts'
import { notificationsMachine } from '../notifications/notifications.machine.ts'
import type { NotificationsPort } from '../notifications/notifications.port.ts'
import type { budgetMachine } from '../openBudget/budget.machine.ts'
import type { BudgetPort } from '../openBudget/budget.port.ts'
import { type ReadSummary, summaryAheadMachine } from '../openBudget/summaryAhead.machine.ts'
import type { ToastShow } from '../toasts/toasts.machine.ts'
import { toastsMachine } from '../toasts/toasts.machine.ts'
import { serviceWorkerUpdates, systemThemeListener, viewportListener } from './app.actors.ts'
import { detectMobileOs, isMobileViewport, RESIZE_DEBOUNCE_MS } from './app.device.ts'
import {
  ANALYTICS_SYSTEM_ID,
  NOTIFICATIONS_SYSTEM_ID,
  OPEN_BUDGET_SYSTEM_ID,
  SUMMARY_AHEAD_SYSTEM_ID,
  TOASTS_SYSTEM_ID,
} from './app.ids.ts'
import type { AppPlatform, Locale, MobileOs, Theme } from './app.platform.ts'
import {
  DEFAULT_LOCALE,
  LOCALE_STORAGE_KEY,
  parseLocale,
  parseTheme,
  THEME_STORAGE_KEY,
} from './app.preferences.ts'

/** The open budget's machine and the port it talks through. */
export type BudgetCode = { readonly machine: typeof budgetMachine; readonly port: BudgetPort }

/**
 * How the app opens a budget: its code (loaded on demand: the machine carries the ledger engine, the port the HTTP
 * client and the state decoder) and the early summary read, which needs only the HTTP client.
 */
export type BudgetHost = {
  readonly load: () => Promise<BudgetCode>
  readonly readSummary: ReadSummary
}

/**
 * The app's shell tests leave the budget host out; the app then opens no budget. Without a notifications port
 * there is no notification centre (system id 'notifications').
 */
export type AppInput = {
  readonly platform: AppPlatform
  readonly budgets?: BudgetHost
  readonly notifications?: NotificationsPort
}

export type OpenBudgetRef = ActorRefFrom<typeof budgetMachine>

/** The budget the routes asked for (the user's id stamps its commands). */
export type BudgetWanted = { readonly budgetId: BudgetId; readonly userId: UserId }

type SpawnBudget = (
  logic: typeof budgetMachine,
  options: { id: string; systemId: string; input: InputFrom<typeof budgetMachine> },
) => OpenBudgetRef

export type AppContext = {
  readonly platform: AppPlatform
  readonly os: MobileOs
  /** Last settled width; raw resize events only reach it after the debounce. */
  readonly viewportWidth: number
  readonly startTheme: Theme
  /** True until the user picks a theme; then system changes are ignored. */
  readonly followsSystemTheme: boolean
  readonly startLocale: Locale
  readonly budgets: BudgetHost | null
  readonly notifications: NotificationsPort | null
  /** The budget the routes show, or are about to. */
  readonly budgetWanted: BudgetWanted | null
  /** Its actor, once the budget's code is in (system id 'openBudget'). */
  readonly openBudget: OpenBudgetRef | null
}

export type AppEvent =
  | { type: 'viewport.resized'; width: number }
  | { type: 'viewport.settled'; width: number }
  | { type: 'theme.toggle' }
  | { type: 'theme.set'; theme: Theme }
  | { type: 'theme.systemChanged'; dark: boolean }
  | { type: 'locale.set'; locale: Locale }
  | { type: 'help.open' }
  | { type: 'help.close' }
  | { type: 'help.showLauncher' }
  | { type: 'help.hideLauncher' }
  | { type: 'app.updateActivated' }
  | { type: 'view.loadFailed'; error?: string }
  /** A route shows this budget (its loader says so before the view's code is in); a no-op if it is open. */
  | { type: 'budget.open'; budgetId: BudgetId; userId: UserId }
  /** The budget was deleted, or the user left: its actor and its stream stop. */
  | { type: 'budget.close' }

/** Debounced resizes are raised under this id so a newer resize can cancel the pending one. */
const RESIZE_SETTLE_ID = 'resizeSettle'

export const VIEW_LOAD_FAILED_KEY = 'errors.viewLoadFailed'

const initialContext = ({ platform, budgets, notifications }: AppInput): AppContext => {
  const storedTheme = parseTheme(platform.storage.get(THEME_STORAGE_KEY))
  return {
    platform,
    os: detectMobileOs(platform.userAgent),
    viewportWidth: platform.viewportWidth(),
    startTheme: storedTheme ?? (platform.prefersDark() ? 'dark' : 'light'),
    followsSystemTheme: storedTheme === null,
    startLocale:
      parseLocale(platform.storage.get(LOCALE_STORAGE_KEY)) ?? platform.preferredLocale() ?? DEFAULT_LOCALE,
    budgets: budgets ?? null,
    notifications: notifications ?? null,
    budgetWanted: null,
    openBudget: null,
  }
}

export const appMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
  },
  actors: {
    viewportListener,
    systemThemeListener,
    serviceWorkerUpdates,
    toasts: toastsMachine,
    analytics: analyticsMachine,
    summaryAhead: summaryAheadMachine,
    notifications: notificationsMachine,
    loadBudgetCode: fromPromise<BudgetCode, BudgetHost>(({ input }) => input.load()),
  },
  delays: {
    resizeDebounce: RESIZE_DEBOUNCE_MS,
  },
  guards: {
    startsMobile: ({ context }) => isMobileViewport(context.viewportWidth),
    settlesOnMobile: ({ event }) => event.type === 'viewport.settled' && isMobileViewport(event.width),
    settlesOnDesktop: ({ event }) => event.type === 'viewport.settled' && !isMobileViewport(event.width),
    startsDark: ({ context }) => context.startTheme === 'dark',
    requestsTheme: ({ event }, params: { theme: Theme }) =>
      event.type === 'theme.set' && event.theme === params.theme,
    systemTurnedTo: ({ context, event }, params: { theme: Theme }) =>
      context.followsSystemTheme &&
      event.type === 'theme.systemChanged' &&
      event.dark === (params.theme === 'dark'),
    startsWithLocale: ({ context }, params: { locale: Locale }) => context.startLocale === params.locale,
    requestsLocale: ({ event }, params: { locale: Locale }) =>
      event.type === 'locale.set' && event.locale === params.locale,
    hostsBudgets: ({ context }) => context.budgets !== null,
    hostsNotifications: ({ context }) => context.notifications !== null,
    isWantedBudget: ({ context, event }) =>
      event.type === 'budget.open' &&
      context.budgetWanted?.budgetId === event.budgetId &&
      context.budgetWanted.userId === event.userId,
  },
  actions: {
    cancelResizeSettle: cancel(RESIZE_SETTLE_ID),
    scheduleResizeSettle: raise(
      (_, params: { width: number }) => ({ type: 'viewport.settled' as const, width: params.width }),
      { id: RESIZE_SETTLE_ID, delay: 'resizeDebounce' },
    ),
    commitViewportWidth: assign((_, params: { width: number }) => ({ viewportWidth: params.width })),
    applyTheme: ({ context }, params: { theme: Theme }) => context.platform.applyTheme(params.theme),
    persistTheme: ({ context }, params: { theme: Theme }) =>
      context.platform.storage.set(THEME_STORAGE_KEY, params.theme),
    stopFollowingSystemTheme: assign({ followsSystemTheme: false }),
    applyLocale: ({ context }, params: { locale: Locale }) => context.platform.applyLocale(params.locale),
    persistLocale: ({ context }, params: { locale: Locale }) =>
      context.platform.storage.set(LOCALE_STORAGE_KEY, params.locale),
    trackHelpOpened: sendTo(
      'analytics',
      (): AnalyticsTrack => ({ type: 'analytics.track', name: 'help_opened' }),
    ),
    showViewLoadFailedToast: sendTo(
      'toasts',
      (_, params: { error: string | undefined }): ToastShow => ({
        type: 'toast.show',
        kind: 'error',
        messageKey: VIEW_LOAD_FAILED_KEY,
        ...(params.error === undefined ? {} : { details: [params.error] }),
      }),
    ),
    reloadPage: ({ context }) => context.platform.reloadPage(),
    noteBudgetWanted: assign({
      budgetWanted: ({ context, event }) =>
        event.type === 'budget.open'
          ? { budgetId: event.budgetId, userId: event.userId }
          : context.budgetWanted,
    }),
    forgetBudget: assign({ budgetWanted: null }),
    spawnOpenBudget: assign({
      openBudget: ({ context, spawn }, code: BudgetCode): OpenBudgetRef | null => {
        if (context.budgetWanted === null) return null
        // The budget machine arrives on demand, so setup() cannot list it and spawn's types know only the listed
        // actors; at runtime spawn takes any logic, and the ref is that logic's.
        const spawnLoaded = spawn as unknown as SpawnBudget
        return spawnLoaded(code.machine, {
          id: 'openBudget',
          systemId: OPEN_BUDGET_SYSTEM_ID,
          // No toasts ref: the budget sends its toasts to the system's 'toasts' actor.
          input: { ...context.budgetWanted, port: code.port },
        })
      },
    }),
    stopOpenBudget: enqueueActions(({ context, enqueue }) => {
      if (context.openBudget === null) return
      enqueue.stopChild(context.openBudget)
      enqueue.assign({ openBudget: null })
    }),
  },
}).createMachine({
  id: 'app',
  type: 'parallel',
  context: ({ input }) => initialContext(input),
  invoke: [
    { src: 'toasts', id: 'toasts', systemId: TOASTS_SYSTEM_ID },
    {
      src: 'analytics',
      id: 'analytics',
      systemId: ANALYTICS_SYSTEM_ID,
      input: ({ context }) => ({ port: context.platform }),
    },
  ],
  on: {
    'view.loadFailed': {
      actions: { type: 'showViewLoadFailedToast', params: ({ event }) => ({ error: event.error }) },
    },
  },
  states: {
    // Desktop and mobile get different route trees; this region decides which.
    device: {
      initial: 'measuring',
      invoke: { src: 'viewportListener', input: ({ context }) => ({ platform: context.platform }) },
      on: {
        'viewport.resized': {
          actions: [
            'cancelResizeSettle',
            { type: 'scheduleResizeSettle', params: ({ event }) => ({ width: event.width }) },
          ],
        },
      },
      states: {
        // Picks the layout from the width measured at start.
        measuring: {
          always: [{ guard: 'startsMobile', target: 'mobile' }, { target: 'desktop' }],
        },
        // Wider than the breakpoint: desktop routes.
        desktop: {
          on: {
            'viewport.settled': [
              {
                guard: 'settlesOnMobile',
                target: 'mobile',
                actions: { type: 'commitViewportWidth', params: ({ event }) => ({ width: event.width }) },
              },
              { actions: { type: 'commitViewportWidth', params: ({ event }) => ({ width: event.width }) } },
            ],
          },
        },
        // At or below the breakpoint: mobile routes.
        mobile: {
          on: {
            'viewport.settled': [
              {
                guard: 'settlesOnDesktop',
                target: 'desktop',
                actions: { type: 'commitViewportWidth', params: ({ event }) => ({ width: event.width }) },
              },
              { actions: { type: 'commitViewportWidth', params: ({ event }) => ({ width: event.width }) } },
            ],
          },
        },
      },
    },
    // Light or dark; stored choice wins, otherwise the system preference is followed.
    theme: {
      initial: 'choosing',
      invoke: {
        src: 'systemThemeListener',
        input: ({ context }) => ({ platform: context.platform }),
      },
      states: {
        // Picks the start theme resolved from storage or the system.
        choosing: {
          always: [{ guard: 'startsDark', target: 'dark' }, { target: 'light' }],
        },
        // Light theme applied to the page.
        light: {
          entry: { type: 'applyTheme', params: { theme: 'light' } },
          on: {
            'theme.toggle': {
              target: 'dark',
              actions: [{ type: 'persistTheme', params: { theme: 'dark' } }, 'stopFollowingSystemTheme'],
            },
            'theme.set': [
              {
                guard: { type: 'requestsTheme', params: { theme: 'dark' } },
                target: 'dark',
                actions: [{ type: 'persistTheme', params: { theme: 'dark' } }, 'stopFollowingSystemTheme'],
              },
              {
                actions: [{ type: 'persistTheme', params: { theme: 'light' } }, 'stopFollowingSystemTheme'],
              },
            ],
            'theme.systemChanged': {
              guard: { type: 'systemTurnedTo', params: { theme: 'dark' } },
              target: 'dark',
            },
          },
        },
        // Dark theme applied to the page.
        dark: {
          entry: { type: 'applyTheme', params: { theme: 'dark' } },
          on: {
            'theme.toggle': {
              target: 'light',
              actions: [{ type: 'persistTheme', params: { theme: 'light' } }, 'stopFollowingSystemTheme'],
            },
            'theme.set': [
              {
                guard: { type: 'requestsTheme', params: { theme: 'light' } },
                target: 'light',
                actions: [{ type: 'persistTheme', params: { theme: 'light' } }, 'stopFollowingSystemTheme'],
              },
              {
                actions: [{ type: 'persistTheme', params: { theme: 'dark' } }, 'stopFollowingSystemTheme'],
              },
            ],
            'theme.systemChanged': {
              guard: { type: 'systemTurnedTo', params: { theme: 'light' } },
              target: 'light',
            },
          },
        },
      },
    },
    // Interface language; stored choice, else the device's, else Polish.
    locale: {
      initial: 'choosing',
      on: {
        'locale.set': [
          {
            guard: { type: 'requestsLocale', params: { locale: 'pl' } },
            target: '.pl',
            actions: { type: 'persistLocale', params: { locale: 'pl' } },
          },
          {
            guard: { type: 'requestsLocale', params: { locale: 'en' } },
            target: '.en',
            actions: { type: 'persistLocale', params: { locale: 'en' } },
          },
          {
            guard: { type: 'requestsLocale', params: { locale: 'de' } },
            target: '.de',
            actions: { type: 'persistLocale', params: { locale: 'de' } },
          },
        ],
      },
      states: {
        // Picks the start locale resolved from storage or the device.
        choosing: {
          always: [
            { guard: { type: 'startsWithLocale', params: { locale: 'en' } }, target: 'en' },
            { guard: { type: 'startsWithLocale', params: { locale: 'de' } }, target: 'de' },
            { target: 'pl' },
          ],
        },
        // Polish interface.
        pl: { entry: { type: 'applyLocale', params: { locale: 'pl' } } },
        // English interface.
        en: { entry: { type: 'applyLocale', params: { locale: 'en' } } },
        // German interface.
        de: { entry: { type: 'applyLocale', params: { locale: 'de' } } },
      },
    },
    // The help widget: its launcher starts hidden (SPEC) until a screen asks for it.
    help: {
      initial: 'launcherHidden',
      states: {
        // No launcher on screen.
        launcherHidden: {
          on: {
            'help.open': { target: 'open', actions: 'trackHelpOpened' },
            'help.showLauncher': 'launcherVisible',
          },
        },
        // The help panel is open.
        open: {
          on: { 'help.close': 'launcherVisible' },
        },
        // The launcher button is on screen, panel closed.
        launcherVisible: {
          on: {
            'help.open': { target: 'open', actions: 'trackHelpOpened' },
            'help.hideLauncher': 'launcherHidden',
          },
        },
      },
    },
    // The budget the routes show: one at a time, kept while its screens change (month, transactions, accounts).
    budget: {
      initial: 'closed',
      states: {
        // No budget shown yet (the budgets list, settings), or it was closed.
        closed: {
          on: {
            'budget.open': { guard: 'hostsBudgets', target: 'open', actions: 'noteBudgetWanted' },
          },
        },
        // A budget is shown. Its summary is read from the start, alongside its code (summaryAhead).
        open: {
          invoke: {
            id: 'summaryAhead',
            systemId: SUMMARY_AHEAD_SYSTEM_ID,
            src: 'summaryAhead',
            input: ({ context }) => ({
              // Entered only through hostsBudgets and noteBudgetWanted.
              budgetId: context.budgetWanted?.budgetId ?? ('' as BudgetId),
              read: (budgetId, signal) =>
                context.budgets?.readSummary(budgetId, signal) ?? Promise.reject(new Error('no budget host')),
            }),
          },
          exit: ['stopOpenBudget'],
          on: {
            'budget.open': [
              { guard: 'isWantedBudget' },
              { target: 'open', reenter: true, actions: 'noteBudgetWanted' },
            ],
            'budget.close': { target: 'closed', actions: 'forgetBudget' },
          },
          initial: 'loadingCode',
          states: {
            // The budget machine and its port arrive (once per page; later budgets find them at once).
            loadingCode: {
              invoke: {
                src: 'loadBudgetCode',
                // Entered only through hostsBudgets.
                input: ({ context }) => context.budgets as BudgetHost,
                onDone: {
                  target: 'running',
                  actions: { type: 'spawnOpenBudget', params: ({ event }) => event.output },
                },
                // The view's own chunk fails too and reports it (view.loadFailed).
                onError: { target: '#app.budget.closed', actions: 'forgetBudget' },
              },
            },
            // The budget actor runs (system id 'openBudget'): it reads, follows the stream and sends the writes.
            running: {},
          },
        },
      },
    },
    // The notification centre (bell, unread count, list): hosted for the whole page when the page gives it a port.
    notifications: {
      initial: 'choosing',
      states: {
        // Hosted or not, decided once from the input.
        choosing: {
          always: [{ guard: 'hostsNotifications', target: 'hosted' }, { target: 'absent' }],
        },
        // Its actor runs (system id 'notifications'); the shell tells it who is signed in.
        hosted: {
          invoke: {
            src: 'notifications',
            id: 'notifications',
            systemId: NOTIFICATIONS_SYSTEM_ID,
            // Entered only through hostsNotifications.
            input: ({ context }) => ({ port: context.notifications as NotificationsPort }),
          },
        },
        // No port (the shell's tests): no centre.
        absent: {},
      },
    },
    // A new service worker took over: reload to run the new version (SPEC §2, §7).
    update: {
      initial: 'current',
      states: {
        // Running the newest version we know of.
        current: {
          invoke: {
            src: 'serviceWorkerUpdates',
            input: ({ context }) => ({ platform: context.platform }),
          },
          on: { 'app.updateActivated': 'reloading' },
        },
        // Reload requested; nothing else is worth doing.
        reloading: { entry: 'reloadPage' },
      },
    },
  },
})
