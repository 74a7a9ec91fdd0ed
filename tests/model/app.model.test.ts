import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ActorRefFrom } from 'xstate'
import { createActor, type SnapshotFrom } from 'xstate'
import { TestModel } from 'xstate/graph'
import { NOTIFICATIONS_SYSTEM_ID, OPEN_BUDGET_SYSTEM_ID } from '../../machines/app/app.ids.ts'
import type { BudgetCode, BudgetHost } from '../../machines/app/app.machine.ts'
import {
  type AppEvent,
  appMachine,
  LOCALE_STORAGE_KEY,
  RESIZE_DEBOUNCE_MS,
  selectIsReloading,
  selectLocale,
  selectNotificationsActor,
  selectTheme,
  THEME_STORAGE_KEY,
} from '../../machines/app/index.ts'
import { budgetMachine } from '../../machines/openBudget/index.ts'
import { selectToasts } from '../../machines/toasts/index.ts'
import type { toastsMachine } from '../../machines/toasts/toasts.machine.ts'
import { BudgetId } from '../../schemas/ids.ts'
import { BUDGET, createFakeLedger, type FakeLedger, ME } from '../unit/machines/budget.fakes.ts'
import {
  createFakePlatform,
  type FakePlatform,
  type FakePlatformOptions,
} from '../unit/machines/fakePlatform.ts'
import { createTransitionRecorder } from './chartCoverage.ts'
import { tourEdges, type Walk } from './graphTour.ts'

type AppSnapshot = SnapshotFrom<typeof appMachine>
type AppActor = ReturnType<typeof createActor<typeof appMachine>>
type Harness = { fake: FakePlatform; app: AppActor }
type EventOf<K extends AppEvent['type']> = Extract<AppEvent, { type: K }>

/** How each event is sampled for the graph and how the real world produces it. */
type EventFixture<K extends AppEvent['type']> = {
  samples: ReadonlyArray<EventOf<K>>
  exec: (event: EventOf<K>, harness: Harness) => void
}
type EventFixtures = { [K in AppEvent['type']]: EventFixture<K> }

const send = (event: AppEvent, { app }: Harness) => app.send(event)

/** A new AppEvent does not compile until it has an entry here. */
const EVENT_FIXTURES = {
  // The graph has no clock: a raw resize changes nothing by itself (see the debounce journey).
  'viewport.resized': {
    samples: [{ type: 'viewport.resized', width: 600 }],
    exec: (event, { fake }) => fake.resize(event.width),
  },
  // In the app this only ever comes from the debounce timer, so replay it that way.
  'viewport.settled': {
    samples: [
      { type: 'viewport.settled', width: 600 },
      { type: 'viewport.settled', width: 1200 },
    ],
    exec: (event, { fake }) => {
      fake.resize(event.width)
      vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS)
    },
  },
  'theme.toggle': { samples: [{ type: 'theme.toggle' }], exec: send },
  'theme.set': {
    samples: [
      { type: 'theme.set', theme: 'light' },
      { type: 'theme.set', theme: 'dark' },
    ],
    exec: send,
  },
  'theme.systemChanged': {
    samples: [
      { type: 'theme.systemChanged', dark: true },
      { type: 'theme.systemChanged', dark: false },
    ],
    exec: (event, { fake }) => fake.setSystemDark(event.dark),
  },
  'locale.set': {
    samples: [
      { type: 'locale.set', locale: 'pl' },
      { type: 'locale.set', locale: 'en' },
      { type: 'locale.set', locale: 'de' },
    ],
    exec: send,
  },
  'help.open': { samples: [{ type: 'help.open' }], exec: send },
  'help.close': { samples: [{ type: 'help.close' }], exec: send },
  'help.showLauncher': { samples: [{ type: 'help.showLauncher' }], exec: send },
  'help.hideLauncher': { samples: [{ type: 'help.hideLauncher' }], exec: send },
  'app.updateActivated': {
    samples: [{ type: 'app.updateActivated' }],
    exec: (_event, { fake }) => fake.activateUpdate(),
  },
  'view.loadFailed': { samples: [{ type: 'view.loadFailed', error: 'chunk' }], exec: send },
  // The graph's app hosts no budgets (the shell alone); the budget journeys below give it a host.
  'budget.open': { samples: [{ type: 'budget.open', budgetId: BUDGET, userId: ME }], exec: send },
  'budget.close': { samples: [{ type: 'budget.close' }], exec: send },
} satisfies EventFixtures

/** Correlates the event with its own fixture (TypeScript's correlated-union pattern). */
const execute = <K extends AppEvent['type']>(type: K, event: EventOf<K>, harness: Harness) => {
  const fixture: EventFixtures[K] = EVENT_FIXTURES[type]
  fixture.exec(event, harness)
}

const ALL_SAMPLES: ReadonlyArray<AppEvent> = Object.values(EVENT_FIXTURES).flatMap(
  (fixture): ReadonlyArray<AppEvent> => fixture.samples,
)

/** Starts that together reach every initial branch (width, stored/system theme, locale source). */
const STARTS = {
  'desktop, light system, nothing stored': { width: 1280, prefersDark: false },
  'mobile, dark system, English device': { width: 375, prefersDark: true, preferredLocale: 'en' },
  'stored dark theme and German': {
    width: 1280,
    prefersDark: false,
    stored: { [THEME_STORAGE_KEY]: 'dark', [LOCALE_STORAGE_KEY]: 'de' },
  },
} satisfies Record<string, FakePlatformOptions>

/** The model only cares about state and the context that decides future behaviour. */
const serializeState = (snapshot: AppSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    width: snapshot.context.viewportWidth,
    followsSystemTheme: snapshot.context.followsSystemTheme,
  })

const recorder = createTransitionRecorder()

const startApp = (options: FakePlatformOptions, budgets?: BudgetHost): Harness => {
  const fake = createFakePlatform(options)
  const app = createActor(appMachine, {
    input: { platform: fake.platform, ...(budgets === undefined ? {} : { budgets }) },
    inspect: recorder.inspect,
  })
  app.start()
  return { fake, app }
}

/** What the outside world must show in every state, whatever path led there; null when it does. */
const platformDisagreement = ({ fake, app }: Harness, startedWithStoredTheme: boolean) => {
  const snapshot = app.getSnapshot()
  const expected = {
    theme: selectTheme(snapshot),
    locale: selectLocale(snapshot),
    reloads: selectIsReloading(snapshot) ? 1 : 0,
    themeStored: !snapshot.context.followsSystemTheme || startedWithStoredTheme,
  }
  const actual = {
    theme: fake.calls.appliedThemes.at(-1),
    locale: fake.calls.appliedLocales.at(-1),
    reloads: fake.calls.reloads,
    themeStored: fake.stored.has(THEME_STORAGE_KEY),
  }
  const [a, e] = [JSON.stringify(actual), JSON.stringify(expected)]
  return a === e ? null : `platform shows ${a}, state says ${e}`
}

/** Replays one walk; plain comparisons in the loop (thousands of steps), `expect` only on a mismatch. */
const replay = (options: FakePlatformOptions, walk: Walk<AppSnapshot, AppEvent>) => {
  const harness = startApp(options)
  const startedWithStoredTheme = options.stored?.[THEME_STORAGE_KEY] !== undefined
  const check = (expected: string, where: string) => {
    const actual = serializeState(harness.app.getSnapshot())
    if (actual !== expected) expect(actual, where).toBe(expected)
    const disagreement = platformDisagreement(harness, startedWithStoredTheme)
    if (disagreement !== null) expect.fail(`${where}: ${disagreement}`)
  }
  try {
    check(walk.from, 'initial state')
    for (const [index, step] of walk.steps.entries()) {
      execute(step.event.type, step.event, harness)
      check(serializeState(step.state), `step ${index}: ${JSON.stringify(step.event)}`)
    }
  } finally {
    harness.app.stop()
  }
}

/** Walks through the explored graph that take every (state, event) edge at least once. */
const walksFor = (options: FakePlatformOptions) => {
  const model = new TestModel(appMachine, {
    input: { platform: createFakePlatform(options).platform },
    events: ALL_SAMPLES,
    serializeState,
  })
  const adjacency = model.getAdjacencyMap()
  // The traversal records the initial state first (insertion order of the map).
  const initialKey = Object.keys(adjacency)[0]
  if (initialKey === undefined) throw new Error('empty graph')
  const walks = tourEdges(adjacency, initialKey, serializeState)
  const edgeCount = Object.values(adjacency).reduce(
    (sum, { transitions }) => sum + Object.keys(transitions).length,
    0,
  )
  return { walks, edgeCount, stateCount: Object.keys(adjacency).length }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

const replayedStarts = new Set<string>()
const replayStart = (name: keyof typeof STARTS) => {
  const options: FakePlatformOptions = STARTS[name]
  const { walks, edgeCount, stateCount } = walksFor(options)
  for (const walk of walks) replay(options, walk)
  replayedStarts.add(name)
  const walkedEdges = walks.reduce((sum, walk) => sum + walk.steps.length, 0)
  return { walks: walks.length, walkedEdges, edgeCount, stateCount }
}

describe('app machine model', () => {
  for (const name of Object.keys(STARTS) as Array<keyof typeof STARTS>) {
    it(`replays every edge of the graph from "${name}" against a real actor`, { timeout: 30_000 }, () => {
      const { walkedEdges, edgeCount, stateCount } = replayStart(name)
      expect(stateCount).toBeGreaterThan(10)
      expect(walkedEdges).toBeGreaterThanOrEqual(edgeCount)
    })
  }

  it('journey: a raw resize alone changes nothing until the debounce settles', () => {
    const harness = startApp({ width: 1280 })
    harness.fake.resize(400)
    expect(harness.app.getSnapshot().matches({ device: 'desktop' })).toBe(true)
    vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS)
    expect(harness.app.getSnapshot().matches({ device: 'mobile' })).toBe(true)
    harness.fake.resize(500)
    vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS)
    expect(harness.app.getSnapshot().context.viewportWidth).toBe(500)
    harness.app.stop()
  })

  it('journey: a failed view load leaves the shell as it was and shows a toast', () => {
    const harness = startApp({ width: 1280 })
    const before = serializeState(harness.app.getSnapshot())
    harness.app.send({ type: 'view.loadFailed' })
    expect(serializeState(harness.app.getSnapshot())).toBe(before)
    const toasts: ActorRefFrom<typeof toastsMachine> = harness.app.system.get('toasts')
    expect(selectToasts(toasts.getSnapshot()).map((toast) => toast.messageKey)).toEqual([
      'errors.viewLoadFailed',
    ])
    harness.app.stop()
  })

  describe('journeys: the open budget', () => {
    const OTHER_BUDGET = BudgetId.make('budget-2')
    const hostOf = (
      ledger: FakeLedger,
      load: () => Promise<BudgetCode> = async () => ({ machine: budgetMachine, port: ledger.port }),
    ) => {
      const summaryReads: BudgetId[] = []
      const host: BudgetHost = {
        load,
        readSummary: async (budgetId) => {
          summaryReads.push(budgetId)
          return { budgetId }
        },
      }
      return { host, summaryReads }
    }
    const openBudgetOf = (app: AppActor) => app.getSnapshot().context.openBudget

    it('a route opens the budget: its summary is read at once, the budget actor takes the answer', async () => {
      const ledger = createFakeLedger()
      const { host, summaryReads } = hostOf(ledger)
      const { app } = startApp({ width: 1280 }, host)
      app.send({ type: 'budget.open', budgetId: BUDGET, userId: ME })
      expect(summaryReads).toEqual([BUDGET])
      expect(app.getSnapshot().matches({ budget: { open: 'loadingCode' } })).toBe(true)
      const budget = await vi.waitFor(() => {
        const ref = openBudgetOf(app)
        if (ref === null) throw new Error('not open yet')
        return ref
      })
      expect(app.system.get(OPEN_BUDGET_SYSTEM_ID)).toBe(budget)
      await vi.waitFor(() => expect(budget.getSnapshot().matches('ready')).toBe(true))
      expect(ledger.aheadTaken).toEqual([{ ok: true, body: { budgetId: BUDGET } }])
      // The same budget again (the view after its loader): nothing new is read or started.
      app.send({ type: 'budget.open', budgetId: BUDGET, userId: ME })
      expect(openBudgetOf(app)).toBe(budget)
      expect(summaryReads).toEqual([BUDGET])
      app.stop()
    })

    it('another budget replaces the open one; closing stops it and its stream', async () => {
      const ledger = createFakeLedger()
      const { host, summaryReads } = hostOf(ledger)
      const { app } = startApp({ width: 1280 }, host)
      app.send({ type: 'budget.open', budgetId: BUDGET, userId: ME })
      const first = await vi.waitFor(() => openBudgetOf(app) ?? Promise.reject(new Error('not open')))
      await vi.waitFor(() => expect(first.getSnapshot().matches('ready')).toBe(true))
      app.send({ type: 'budget.open', budgetId: OTHER_BUDGET, userId: ME })
      expect(first.getSnapshot().status).toBe('stopped')
      expect(summaryReads).toEqual([BUDGET, OTHER_BUDGET])
      const second = await vi.waitFor(() => openBudgetOf(app) ?? Promise.reject(new Error('not open')))
      expect(second.getSnapshot().context.budgetId).toBe(OTHER_BUDGET)
      app.send({ type: 'budget.close' })
      expect(second.getSnapshot().status).toBe('stopped')
      expect(openBudgetOf(app)).toBeNull()
      expect(app.getSnapshot().matches({ budget: 'closed' })).toBe(true)
      app.stop()
    })

    it("the budget's code failing to load leaves no budget open (the view reports the failure)", async () => {
      const ledger = createFakeLedger()
      const { host } = hostOf(ledger, () => Promise.reject(new Error('chunk')))
      const { app } = startApp({ width: 1280 }, host)
      app.send({ type: 'budget.open', budgetId: BUDGET, userId: ME })
      await vi.waitFor(() => expect(app.getSnapshot().matches({ budget: 'closed' })).toBe(true))
      expect(openBudgetOf(app)).toBeNull()
      app.stop()
    })
  })

  it('journey: a page with a notifications port hosts the centre under its system id', async () => {
    const fake = createFakePlatform({ width: 1280 })
    const reads: Array<string | null> = []
    const app = createActor(appMachine, {
      input: {
        platform: fake.platform,
        notifications: {
          recordVisit: async () => undefined,
          readPage: async (before) => {
            reads.push(before)
            return { ok: true, page: { items: [], unread: 2, next: null } }
          },
          markRead: async () => true,
          markAllRead: async () => true,
          onWake: () => () => undefined,
        },
      },
      inspect: recorder.inspect,
    }).start()
    const centre = selectNotificationsActor(app.getSnapshot())
    expect(centre).toBeDefined()
    expect(app.system.get(NOTIFICATIONS_SYSTEM_ID)).toBe(centre)
    centre?.send({ type: 'notifications.signedIn', userId: ME })
    await vi.waitFor(() => expect(centre?.getSnapshot().context.unread).toBe(2))
    expect(reads).toEqual([null])
    app.stop()
  })

  it('walked every transition of the chart at least once', { timeout: 60_000 }, () => {
    for (const name of Object.keys(STARTS) as Array<keyof typeof STARTS>) {
      if (!replayedStarts.has(name)) replayStart(name)
    }
    expect(recorder.missingFrom(appMachine)).toEqual([])
  })
})
