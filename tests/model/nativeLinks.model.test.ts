import { describe, expect, it } from 'vitest'
import { type ActorLogic, createActor, type SnapshotFrom } from 'xstate'
import { TestModel } from 'xstate/graph'
import {
  type NativeLinksEvent,
  type NativeLinksInput,
  type NativeLinksPort,
  nativeLinksMachine,
} from '../../machines/nativeLinks/index.ts'
import { createTransitionRecorder } from './chartCoverage.ts'
import { modelTour, replayWalk, type Walk } from './graphTour.ts'

type LinksSnapshot = SnapshotFrom<typeof nativeLinksMachine>
type EventOf<K extends NativeLinksEvent['type']> = Extract<NativeLinksEvent, { type: K }>
type Harness = {
  actor: ReturnType<typeof createActor<typeof nativeLinksMachine>>
  open: (url: string) => void
  navigated: string[]
}
type EventFixture<K extends NativeLinksEvent['type']> = {
  samples: ReadonlyArray<EventOf<K>>
  exec: (event: EventOf<K>, harness: Harness) => void
}
type EventFixtures = { [K in NativeLinksEvent['type']]: EventFixture<K> }

const EVENT_FIXTURES = {
  // Comes from the fake Capacitor event source, as appUrlOpen would deliver it.
  'link.opened': {
    samples: [{ type: 'link.opened', url: 'pl.koperta.app://open/budget/b1?from=mail' }],
    exec: (event, { open }) => open(event.url),
  },
  'router.ready': { samples: [{ type: 'router.ready' }], exec: (event, { actor }) => actor.send(event) },
  'dialog.opened': { samples: [{ type: 'dialog.opened' }], exec: (event, { actor }) => actor.send(event) },
  'dialog.closed': { samples: [{ type: 'dialog.closed' }], exec: (event, { actor }) => actor.send(event) },
} satisfies EventFixtures

const execute = <K extends NativeLinksEvent['type']>(type: K, event: EventOf<K>, harness: Harness) => {
  const fixture: EventFixtures[K] = EVENT_FIXTURES[type]
  fixture.exec(event, harness)
}

const serializeState = (snapshot: LinksSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    pending: snapshot.context.pending,
    dialogOpen: snapshot.context.dialogOpen,
  })

const recorder = createTransitionRecorder()

const startHarness = (): Harness => {
  const listeners = new Set<(url: string) => void>()
  const navigated: string[] = []
  const port: NativeLinksPort = {
    onUrlOpen(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    navigate: (pathAndQuery) => navigated.push(pathAndQuery),
  }
  const actor = createActor(nativeLinksMachine, { input: { port }, inspect: recorder.inspect }).start()
  return {
    actor,
    navigated,
    open: (url) => {
      for (const listener of listeners) listener(url)
    },
  }
}

const replay = (walk: Walk<LinksSnapshot, NativeLinksEvent>) =>
  replayWalk(walk, {
    start: startHarness,
    execute: (event, harness) => execute(event.type, event, harness),
    serializeState,
    afterStep: (snapshot, step, harness, before) => {
      // SPEC §2: a link is followed only once the router is ready and no dialog is open, and then at once.
      const navigated = harness.navigated.splice(0)
      if (navigated.length > 0) {
        expect(navigated).toEqual(['/budget/b1?from=mail'])
        expect(before.matches('waitingForRouter') && step.event.type !== 'router.ready').toBe(false)
        expect(snapshot.context.dialogOpen).toBe(false)
        expect(snapshot.context.pending).toBeNull()
      }
      if (snapshot.matches('idle')) expect(snapshot.context.pending).toBeNull()
    },
  })

describe('native links machine model', () => {
  it('replays every edge of the graph against a real actor and a fake URL-open source', async () => {
    const logic = nativeLinksMachine as unknown as ActorLogic<
      LinksSnapshot,
      NativeLinksEvent,
      NativeLinksInput
    >
    const model = new TestModel(logic, {
      input: { port: { onUrlOpen: () => () => undefined, navigate: () => undefined } },
      events: Object.values(EVENT_FIXTURES).flatMap(
        (fixture): ReadonlyArray<NativeLinksEvent> => fixture.samples,
      ),
      serializeState,
    })
    const { walks } = modelTour(model, serializeState)
    for (const walk of walks) await replay(walk)
  })

  it('walked every transition of the chart at least once', () => {
    expect(recorder.missingFrom(nativeLinksMachine)).toEqual([])
  })
})
