import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type ActorLogic, createActor, type SnapshotFrom } from 'xstate'
import { TestModel } from 'xstate/graph'
import {
  type HistoryOutcome,
  type ImportHistoryEvent,
  type ImportHistoryInput,
  type ImportPresetsEvent,
  type ImportPresetsInput,
  importHistoryMachine,
  importPresetsMachine,
  type PresetsOutcome,
  selectAccountHistory,
  selectPresets,
  selectUndoAsked,
  selectUndoRefusal,
  type UndoOutcome,
  type WriteOutcome,
} from '../../../machines/bankImport/index.ts'
import { BankAccountId, ImportId } from '../../../schemas/ids.ts'
import { createTransitionRecorder } from '../../model/chartCoverage.ts'
import { modelTour, replayWalk } from '../../model/graphTour.ts'
import { CHECKING, CSV_PRESET, RECORD, scriptedPort } from './bankImport.fakes.ts'

const flush = () => vi.advanceTimersByTimeAsync(0)

const answer = async <T>(queue: Array<(answer: T) => void>, value: T) => {
  const resolve = queue.shift()
  if (resolve === undefined) throw new Error('no request is waiting for this answer')
  resolve(value)
  await flush()
}

const OTHER_RECORD = {
  ...RECORD,
  importId: ImportId.make('import-2'),
  bankAccountId: BankAccountId.make('acct-savings'),
  changed: 3,
}

describe('import history machine model', () => {
  type Snapshot = SnapshotFrom<typeof importHistoryMachine>
  type ModelEvent =
    | ImportHistoryEvent
    | { type: 'xstate.done.actor.0.importHistory.loading'; output: HistoryOutcome }
    | { type: 'xstate.done.actor.0.importHistory.ready.undoing'; output: UndoOutcome }
  const recorder = createTransitionRecorder()
  const serializeState = (snapshot: Snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      records: snapshot.context.records?.map((record) => `${record.importId}:${record.undone}`) ?? null,
      target: snapshot.context.target,
      refusal: snapshot.context.refusal,
    })
  const LOADS: ReadonlyArray<HistoryOutcome> = [{ ok: true, records: [RECORD, OTHER_RECORD] }, { ok: false }]
  const UNDOS: ReadonlyArray<UndoOutcome> = [
    { ok: true },
    { ok: false, changed: 2 },
    { ok: false, changed: null },
  ]
  const eventsAt = (snapshot: Snapshot): ReadonlyArray<ModelEvent> => {
    if (snapshot.matches('loading'))
      return LOADS.map((output) => ({ type: 'xstate.done.actor.0.importHistory.loading', output }))
    if (snapshot.matches('failed')) return [{ type: 'history.retry' }, { type: 'history.reload' }]
    if (snapshot.matches({ ready: 'confirming' }))
      return [{ type: 'history.confirmUndo' }, { type: 'history.cancelUndo' }]
    if (snapshot.matches({ ready: 'undoing' }))
      return UNDOS.map((output) => ({ type: 'xstate.done.actor.0.importHistory.ready.undoing', output }))
    return [
      { type: 'history.askUndo', importId: RECORD.importId },
      { type: 'history.askUndo', importId: OTHER_RECORD.importId },
      { type: 'history.dismiss' },
      { type: 'history.reload' },
    ]
  }
  const start = () => {
    const script = scriptedPort()
    const actor = createActor(importHistoryMachine, {
      input: { port: script.port },
      inspect: recorder.inspect,
    }).start()
    return { actor, script }
  }
  type Harness = ReturnType<typeof start>
  const execute = async (event: ModelEvent, { actor, script }: Harness) => {
    switch (event.type) {
      case 'xstate.done.actor.0.importHistory.loading':
        return answer(script.queues.histories, event.output)
      case 'xstate.done.actor.0.importHistory.ready.undoing':
        return answer(script.queues.undos, event.output)
      default:
        actor.send(event)
        return flush()
    }
  }

  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('replays every edge of the graph', async () => {
    const logic = importHistoryMachine as unknown as ActorLogic<Snapshot, ModelEvent, ImportHistoryInput>
    const model = new TestModel(logic, {
      input: { port: scriptedPort().port },
      events: eventsAt,
      serializeState,
    })
    const { walks, states } = modelTour(model, serializeState)
    expect(states).toBeGreaterThanOrEqual(8)
    for (const walk of walks)
      await replayWalk(walk, {
        start,
        execute,
        serializeState,
        afterStep: (snapshot, step, harness) => {
          // An undo goes out only after the user's yes, for the import asked about.
          const undos = harness.script.sent.undos.splice(0)
          expect(undos).toEqual(step.event.type === 'history.confirmUndo' ? [snapshot.context.target] : [])
        },
      })
  }, 60_000)

  it('says how many transactions changed when the server refuses the undo', async () => {
    const { actor, script } = start()
    await answer(script.queues.histories, { ok: true, records: [RECORD, OTHER_RECORD] })
    actor.send({ type: 'history.askUndo', importId: OTHER_RECORD.importId })
    expect(selectUndoAsked(actor.getSnapshot())?.importId).toBe(OTHER_RECORD.importId)
    actor.send({ type: 'history.confirmUndo' })
    await answer(script.queues.undos, { ok: false, changed: 1 })
    // The list's count (3) is newer than none; the larger one is shown.
    expect(selectUndoRefusal(actor.getSnapshot())).toEqual({
      kind: 'changed',
      importId: OTHER_RECORD.importId,
      changed: 3,
    })
    expect(selectAccountHistory(actor.getSnapshot(), CHECKING).map((record) => record.importId)).toEqual([
      RECORD.importId,
    ])
    actor.stop()
  })

  it('walked every transition of the chart at least once', () => {
    expect(recorder.missingFrom(importHistoryMachine)).toEqual([])
  })
})

describe('import presets machine model', () => {
  type Snapshot = SnapshotFrom<typeof importPresetsMachine>
  type ModelEvent =
    | ImportPresetsEvent
    | { type: 'xstate.done.actor.0.importPresets.loading'; output: PresetsOutcome }
    | { type: 'xstate.done.actor.0.importPresets.ready.saving'; output: WriteOutcome }
    | { type: 'xstate.done.actor.0.importPresets.ready.deleting'; output: WriteOutcome }
  const recorder = createTransitionRecorder()
  const serializeState = (snapshot: Snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      presets: snapshot.context.presets?.map((preset) => preset.name) ?? null,
      failed: snapshot.context.failed,
    })
  const SAVE: ImportPresetsEvent = {
    type: 'presets.save',
    name: ' Karta kredytowa ',
    format: 'csv',
    encoding: 'utf-8',
    mapping: CSV_PRESET.mapping,
  }
  const eventsAt = (snapshot: Snapshot): ReadonlyArray<ModelEvent> => {
    if (snapshot.matches('loading'))
      return [
        { type: 'xstate.done.actor.0.importPresets.loading', output: { ok: true, presets: [] } },
        { type: 'xstate.done.actor.0.importPresets.loading', output: { ok: false } },
      ]
    if (snapshot.matches('failed')) return [{ type: 'presets.retry' }]
    if (snapshot.matches({ ready: 'saving' }))
      return [{ ok: true }, { ok: false }].map((output) => ({
        type: 'xstate.done.actor.0.importPresets.ready.saving',
        output,
      }))
    if (snapshot.matches({ ready: 'deleting' }))
      return [{ ok: true }, { ok: false }].map((output) => ({
        type: 'xstate.done.actor.0.importPresets.ready.deleting',
        output,
      }))
    const saved = snapshot.context.presets?.[0]
    return [
      SAVE,
      { ...SAVE, name: '   ' },
      ...(saved === undefined ? [] : [{ type: 'presets.delete' as const, presetId: saved.id }]),
    ]
  }
  const start = () => {
    const script = scriptedPort()
    const actor = createActor(importPresetsMachine, {
      input: { port: script.port },
      inspect: recorder.inspect,
    }).start()
    return { actor, script }
  }
  type Harness = ReturnType<typeof start>
  const execute = async (event: ModelEvent, { actor, script }: Harness) => {
    switch (event.type) {
      case 'xstate.done.actor.0.importPresets.loading':
        return answer(script.queues.presetLoads, event.output)
      case 'xstate.done.actor.0.importPresets.ready.saving':
      case 'xstate.done.actor.0.importPresets.ready.deleting':
        return answer(script.queues.presetWrites, event.output)
      default:
        actor.send(event)
        return flush()
    }
  }

  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('replays every edge of the graph; a preset of the same name is replaced, not doubled', async () => {
    const logic = importPresetsMachine as unknown as ActorLogic<Snapshot, ModelEvent, ImportPresetsInput>
    const model = new TestModel(logic, {
      input: { port: scriptedPort().port },
      events: eventsAt,
      serializeState,
    })
    const { walks } = modelTour(model, serializeState)
    for (const walk of walks)
      await replayWalk(walk, {
        start,
        execute,
        serializeState,
        afterStep: (snapshot) => {
          const names = selectPresets(snapshot).map((preset) => preset.name)
          expect(new Set(names).size).toBe(names.length)
          expect(names.every((name) => name === 'Karta kredytowa')).toBe(true)
        },
      })
  }, 60_000)

  it('walked every transition of the chart at least once', () => {
    expect(recorder.missingFrom(importPresetsMachine)).toEqual([])
  })
})
