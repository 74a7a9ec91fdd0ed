import { describe, expect, it } from 'vitest'
import { type ActorLogic, createActor, fromCallback, type SnapshotFrom } from 'xstate'
import { TestModel } from 'xstate/graph'
import {
  checkSettings,
  type NotificationSettingsPort,
  notificationSettingsMachine,
  type SettingsEvent,
  type SettingsInput,
  type SettingsOutcome,
  selectFields,
  settingsChanged,
} from '../../machines/notificationSettings/index.ts'
import type { NotificationSettings } from '../../schemas/notifications.ts'
import { createTransitionRecorder } from './chartCoverage.ts'
import { modelTour, replayWalk, type Walk } from './graphTour.ts'

type SettingsSnapshot = SnapshotFrom<typeof notificationSettingsMachine>
type ModelEvent =
  | SettingsEvent
  | { type: 'xstate.done.actor.0.notificationSettings.loading'; output: SettingsOutcome }
  | { type: 'xstate.done.actor.0.notificationSettings.saving'; output: SettingsOutcome }
  | { type: 'xstate.error.actor.0.notificationSettings.loading'; error: Error }
  | { type: 'xstate.error.actor.0.notificationSettings.saving'; error: Error }
type EventOf<K extends ModelEvent['type']> = Extract<ModelEvent, { type: K }>

const DEFAULTS: NotificationSettings = {
  timeZone: 'Europe/Warsaw',
  spendingReminder: { enabled: false, time: '20:00', days: [1, 2, 3, 4, 5, 6, 7] },
  draftsDigest: { enabled: true, time: '08:00', days: [1, 2, 3, 4, 5, 6, 7] },
  channels: {
    Welcome: ['InApp'],
    SubscriptionExpiresSoon: ['InApp', 'Email'],
    TransactionsSynchronized: ['InApp'],
    DraftsDue: ['InApp', 'Email'],
    SpendingReminder: ['InApp'],
  },
}
const ZONES = ['Europe/Warsaw', 'Europe/Berlin']

type Call = { readonly resolve: (outcome: SettingsOutcome | Error) => void }
type Harness = {
  actor: ReturnType<typeof createActor<typeof notificationSettingsMachine>>
  calls: Call[]
  toasts: unknown[]
}
type EventFixture<K extends ModelEvent['type']> = {
  samples: ReadonlyArray<EventOf<K>>
  exec: (event: EventOf<K>, harness: Harness) => Promise<void>
}
type EventFixtures = { [K in ModelEvent['type']]: EventFixture<K> }

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const send = async (event: SettingsEvent, { actor }: Harness) => {
  actor.send(event)
  await settle()
}
const answer = async (output: SettingsOutcome | Error, { calls }: Harness) => {
  const call = calls.splice(0).at(-1)
  if (call === undefined) throw new Error('no request to answer')
  call.resolve(output)
  await settle()
}
const OK: SettingsOutcome = { ok: true, settings: DEFAULTS }
const FAILED: SettingsOutcome = { ok: false, error: { status: 503, statusText: 'Service Unavailable' } }

const EVENT_FIXTURES = {
  'settings.timeZone': {
    samples: [
      { type: 'settings.timeZone', timeZone: 'Europe/Berlin' },
      { type: 'settings.timeZone', timeZone: 'Mars/Olympus' },
    ],
    exec: send,
  },
  'settings.reminderEnabled': {
    samples: [{ type: 'settings.reminderEnabled', reminder: 'spendingReminder', enabled: true }],
    exec: send,
  },
  'settings.reminderTime': {
    samples: [{ type: 'settings.reminderTime', reminder: 'draftsDigest', time: '' }],
    exec: send,
  },
  'settings.reminderDay': {
    samples: [{ type: 'settings.reminderDay', reminder: 'spendingReminder', day: 3, on: false }],
    exec: send,
  },
  'settings.channel': {
    samples: [{ type: 'settings.channel', notification: 'DraftsDue', channel: 'Push', on: true }],
    exec: send,
  },
  'settings.save': { samples: [{ type: 'settings.save' }], exec: send },
  'settings.retry': { samples: [{ type: 'settings.retry' }], exec: send },
  'xstate.done.actor.0.notificationSettings.loading': {
    samples: [OK, FAILED].map((output) => ({
      type: 'xstate.done.actor.0.notificationSettings.loading',
      output,
    })),
    exec: (event, harness) => answer(event.output, harness),
  },
  'xstate.done.actor.0.notificationSettings.saving': {
    samples: [OK, FAILED].map((output) => ({
      type: 'xstate.done.actor.0.notificationSettings.saving',
      output,
    })),
    exec: (event, harness) => answer(event.output, harness),
  },
  'xstate.error.actor.0.notificationSettings.loading': {
    samples: [{ type: 'xstate.error.actor.0.notificationSettings.loading', error: new Error('offline') }],
    exec: (event, harness) => answer(event.error, harness),
  },
  'xstate.error.actor.0.notificationSettings.saving': {
    samples: [{ type: 'xstate.error.actor.0.notificationSettings.saving', error: new Error('offline') }],
    exec: (event, harness) => answer(event.error, harness),
  },
} satisfies EventFixtures

const execute = <K extends ModelEvent['type']>(type: K, event: EventOf<K>, harness: Harness) => {
  const fixture: EventFixtures[K] = EVENT_FIXTURES[type]
  return fixture.exec(event, harness)
}

// A thrown Error stands for a bug below the port (it never throws for expected failures): the chart survives it.
const scriptedPort = (calls: Call[]): NotificationSettingsPort => ({
  load: () =>
    new Promise((resolve, reject) =>
      calls.push({ resolve: (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome)) }),
    ),
  save: (settings) =>
    new Promise((resolve, reject) =>
      calls.push({
        // The server keeps what it was sent.
        resolve: (outcome) =>
          outcome instanceof Error ? reject(outcome) : resolve(outcome.ok ? { ok: true, settings } : outcome),
      }),
    ),
})

// Coarse on purpose: which state, which messages, failed or not, changed or not (the values multiply states
// without new behaviour).
const serializeState = (snapshot: SettingsSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    errors: Object.keys(snapshot.context.errors).sort(),
    failed: snapshot.context.failure !== null,
    changed: settingsChanged(snapshot.context),
    // What a save would refuse, so the model knows where it leads.
    invalid:
      snapshot.context.fields === null ? null : Object.keys(checkResult(snapshot.context.fields)).sort(),
  })

const checkResult = (fields: NotificationSettings) => {
  const checked = checkSettings(fields, ZONES)
  return checked.ok ? {} : checked.errors
}

const recorder = createTransitionRecorder()

const startHarness = (): Harness => {
  const calls: Call[] = []
  const toasts: unknown[] = []
  const toastsRef = createActor(
    fromCallback(({ receive }) => {
      receive((event) => {
        toasts.push(event)
      })
    }),
  ).start()
  const actor = createActor(notificationSettingsMachine, {
    input: { port: scriptedPort(calls), timeZones: ZONES, toasts: toastsRef },
    inspect: recorder.inspect,
  }).start()
  return { actor, calls, toasts }
}

const replay = (walk: Walk<SettingsSnapshot, ModelEvent>) =>
  replayWalk(walk, {
    start: startHarness,
    execute: (event, harness) => execute(event.type, event, harness),
    serializeState,
    afterStep: (snapshot, step, harness, before) => {
      // Nothing typed is ever lost: a failed save keeps the form exactly as it was.
      if (
        step.event.type === 'xstate.error.actor.0.notificationSettings.saving' ||
        (step.event.type === 'xstate.done.actor.0.notificationSettings.saving' && !step.event.output.ok)
      )
        expect(selectFields(snapshot)).toEqual(selectFields(before))
      // A successful save says so once.
      if (step.event.type === 'xstate.done.actor.0.notificationSettings.saving' && step.event.output.ok)
        expect(harness.toasts.at(-1)).toMatchObject({ type: 'toast.show', kind: 'success' })
    },
  })

describe('notification settings form model', () => {
  it('replays every edge of the graph against a real actor and a scripted API', async () => {
    const logic = notificationSettingsMachine as unknown as ActorLogic<
      SettingsSnapshot,
      ModelEvent,
      SettingsInput
    >
    const model = new TestModel(logic, {
      input: { port: scriptedPort([]), timeZones: ZONES },
      events: Object.values(EVENT_FIXTURES).flatMap((fixture): ReadonlyArray<ModelEvent> => fixture.samples),
      filterEvents: (snapshot, event) => {
        if (event.type === 'xstate.done.actor.0.notificationSettings.loading')
          return snapshot.matches('loading')
        if (event.type === 'xstate.done.actor.0.notificationSettings.saving')
          return snapshot.matches('saving')
        if (event.type === 'xstate.error.actor.0.notificationSettings.loading')
          return snapshot.matches('loading')
        if (event.type === 'xstate.error.actor.0.notificationSettings.saving')
          return snapshot.matches('saving')
        return true
      },
      serializeState,
    })
    const { walks, states } = modelTour(model, serializeState)
    for (const walk of walks) await replay(walk)
    expect(states).toBeGreaterThanOrEqual(5)
  }, 60_000)

  it('walked every transition of the chart at least once', () => {
    expect(recorder.missingFrom(notificationSettingsMachine)).toEqual([])
  })
})
