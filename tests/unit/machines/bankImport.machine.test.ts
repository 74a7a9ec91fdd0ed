import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type ActorLogic, createActor, type SnapshotFrom } from 'xstate'
import { TestModel } from 'xstate/graph'
import { isIncluded } from '../../../machines/bankImport/bankImport.review.ts'
import {
  type BankImportEvent,
  type BankImportInput,
  bankImportMachine,
  type CommitOutcome,
  type FileSample,
  type PreviewOutcome,
  REMAP_DELAY_MS,
  selectShownRows,
  selectStep,
  selectSummary,
} from '../../../machines/bankImport/index.ts'
import { ImportId } from '../../../schemas/ids.ts'
import { createTransitionRecorder } from '../../model/chartCoverage.ts'
import { modelTour, replayWalk, type Walk } from '../../model/graphTour.ts'
import {
  CHECKING,
  CSV_PRESET,
  FILE,
  GROCERIES,
  KNOWN_SAMPLE,
  MAPPED_PREVIEW,
  OTHER_FILE,
  PREVIEW,
  RENT,
  recordingAnalytics,
  scriptedPort,
  UNKNOWN_SAMPLE,
} from './bankImport.fakes.ts'

type ImportSnapshot = SnapshotFrom<typeof bankImportMachine>

/** Besides the user's events the chart hears its uploads (through the callback actors), samples and one delay. */
type ModelEvent =
  | BankImportEvent
  | { type: 'xstate.done.actor.sample'; output: FileSample }
  | { type: 'xstate.done.actor.dateSample'; output: FileSample }
  | { type: 'xstate.after.remapDelay.bankImport.mapping.settling' }

const flush = () => vi.advanceTimersByTimeAsync(0)

const READ_OUTCOMES: ReadonlyArray<PreviewOutcome> = [
  { ok: true, preview: PREVIEW },
  { ok: false, problem: { kind: 'file', reason: 'needs-date-order', table: null } },
  { ok: false, problem: { kind: 'file', reason: 'needs-mapping', table: KNOWN_SAMPLE.table } },
  { ok: false, problem: { kind: 'file', reason: 'unknown-format', table: null } },
  { ok: false, problem: { kind: 'file', reason: 'wrong-format', table: null } },
  { ok: false, problem: { kind: 'offline' } },
]
const MAPPED_OUTCOMES: ReadonlyArray<PreviewOutcome> = [
  { ok: true, preview: MAPPED_PREVIEW },
  { ok: false, problem: { kind: 'file', reason: 'no-rows', table: MAPPED_PREVIEW.table ?? null } },
]
const RESULT = {
  importId: ImportId.make('import-9'),
  imported: 2,
  duplicates: 1,
  errors: 1,
  pending: 1,
  transfers: 1,
  version: 12,
}
/** An earlier import, undone from the history while a preview is open. */
const UNDONE = ImportId.make('import-1')
/** The same file after that undo: its duplicates are new rows again. */
const REREAD_PREVIEW = {
  ...PREVIEW,
  rows: PREVIEW.rows.map((row) => (row.status === 'duplicate' ? { ...row, status: 'new' as const } : row)),
}
const WRITE_OUTCOMES: ReadonlyArray<CommitOutcome> = [
  { ok: true, result: RESULT },
  { ok: false, problem: { kind: 'offline' } },
]

type Harness = {
  readonly actor: ReturnType<typeof createActor<typeof bankImportMachine>>
  readonly script: ReturnType<typeof scriptedPort>
  readonly analytics: ReturnType<typeof recordingAnalytics>
}

const recorder = createTransitionRecorder()

const startHarness = (): Harness => {
  const script = scriptedPort()
  const analytics = recordingAnalytics()
  const actor = createActor(bankImportMachine, {
    input: { port: script.port, analytics: analytics.actor },
    inspect: recorder.inspect,
  }).start()
  return { actor, script, analytics }
}

/** The newest request is the live one (an aborted reading leaves its promise unanswered). */
const answerLatest = async <T>(queue: Array<(answer: T) => void>, value: T) => {
  const resolve = queue.pop()
  if (resolve === undefined) throw new Error('no request is waiting for this answer')
  resolve(value)
  await flush()
}

const execute = async (event: ModelEvent, harness: Harness) => {
  const { queues, uploads } = harness.script
  switch (event.type) {
    case 'read.done':
      return answerLatest(queues.previews, event.outcome)
    case 'write.done':
      return answerLatest(queues.commits, event.outcome)
    case 'read.progress':
    case 'write.progress':
      uploads.at(-1)?.onUpload(event.progress)
      return flush()
    case 'xstate.done.actor.sample':
    case 'xstate.done.actor.dateSample':
      return answerLatest(queues.samples, event.output)
    case 'xstate.after.remapDelay.bankImport.mapping.settling':
      return vi.advanceTimersByTimeAsync(REMAP_DELAY_MS)
    default:
      harness.actor.send(event)
      return flush()
  }
}

const includedLines = (snapshot: ImportSnapshot) =>
  (snapshot.context.preview?.rows ?? [])
    .filter((row) => isIncluded(row, snapshot.context.choices.get(row.line)))
    .map((row) => row.line)

const serializeState = (snapshot: ImportSnapshot) => {
  const { context } = snapshot
  const { problem } = context
  return JSON.stringify({
    value: snapshot.value,
    account: context.bankAccountId !== null,
    file: context.file !== null,
    format: context.options.format,
    preset: context.presetId !== null,
    mapping: context.options.mapping,
    dateOrder: context.options.dateOrder,
    // The roles decide whether the mapping is complete: two mappers missing different columns differ.
    roles: context.mapper?.roles.join(',') ?? null,
    settings: context.mapper?.settings ?? null,
    rows: context.preview?.rows.length ?? null,
    // A preview read again after an undo has the same rows with other statuses.
    statuses: context.preview?.rows.map((row) => row.status).join(',') ?? null,
    included: includedLines(snapshot),
    filter: context.filter,
    problem: problem === null ? null : problem.kind === 'file' ? problem.reason : problem.kind,
    writeFailed: context.writeFailed,
    result: context.result !== null,
    resultUndone: context.resultUndone,
  })
}

const HALF = { loaded: 50, total: 100 }

/** The events that can happen in a state: answers only to requests in flight, the user's where they act. */
const eventsAt = (snapshot: ImportSnapshot): ReadonlyArray<ModelEvent> => {
  const { context } = snapshot
  if (snapshot.matches('choosing')) {
    const events: ModelEvent[] = []
    if (context.bankAccountId === null) events.push({ type: 'import.chooseAccount', bankAccountId: CHECKING })
    if (context.file === null) events.push({ type: 'import.chooseFile', file: FILE })
    if (context.bankAccountId === null || context.file === null) return [...events, { type: 'import.read' }]
    // With a file and an account: the advanced options, each once.
    if (context.presetId === null && context.options.format === null)
      events.push(
        { type: 'import.applyPreset', preset: CSV_PRESET },
        { type: 'import.setFormat', format: 'mbank' },
        { type: 'import.setEncoding', encoding: 'windows-1250' },
        { type: 'import.setWindow', days: 7 },
      )
    else if (context.presetId !== null) events.push({ type: 'import.applyPreset', preset: null })
    else events.push({ type: 'import.setFormat', format: null })
    return [...events, { type: 'import.read' }]
  }
  if (snapshot.matches('reading'))
    return [
      { type: 'read.progress', progress: HALF },
      ...READ_OUTCOMES.map((outcome): ModelEvent => ({ type: 'read.done', outcome })),
      { type: 'import.back' },
    ]
  if (snapshot.matches('askingDateOrder'))
    return [
      { type: 'xstate.done.actor.dateSample', output: KNOWN_SAMPLE },
      { type: 'import.setDateOrder', dateOrder: 'mdy' },
      { type: 'import.back' },
    ]
  if (snapshot.matches({ mapping: 'sampling' }))
    return [
      { type: 'xstate.done.actor.sample', output: KNOWN_SAMPLE },
      { type: 'xstate.done.actor.sample', output: UNKNOWN_SAMPLE },
      { type: 'import.back' },
    ]
  if (snapshot.matches('mapping')) {
    const edits: ModelEvent[] = [
      { type: 'mapping.setRole', column: 0, role: 'date' },
      { type: 'mapping.setRole', column: 1, role: 'amount' },
      { type: 'mapping.set', settings: { invertSign: true } },
      { type: 'import.back' },
    ]
    if (snapshot.matches({ mapping: 'settling' }))
      return [{ type: 'xstate.after.remapDelay.bankImport.mapping.settling' }, ...edits]
    if (snapshot.matches({ mapping: 'previewing' }))
      return [
        { type: 'read.progress', progress: HALF },
        ...MAPPED_OUTCOMES.map((outcome): ModelEvent => ({ type: 'read.done', outcome })),
        ...edits,
      ]
    if (snapshot.matches({ mapping: 'shown' })) return [{ type: 'mapping.confirm' }, ...edits]
    return edits
  }
  if (snapshot.matches({ reviewing: 'rereading' }))
    return [
      { type: 'read.progress', progress: HALF },
      { type: 'read.done', outcome: { ok: true, preview: REREAD_PREVIEW } },
      { type: 'read.done', outcome: { ok: false, problem: { kind: 'offline' } } },
      { type: 'history.undone', importId: UNDONE },
      { type: 'import.back' },
    ]
  if (snapshot.matches('reviewing'))
    return [
      { type: 'history.undone', importId: UNDONE },
      { type: 'row.include', line: 2, include: false },
      { type: 'row.include', line: 3, include: true },
      // An error row cannot be taken in.
      { type: 'row.include', line: 5, include: true },
      { type: 'row.category', line: 2, categoryId: GROCERIES },
      { type: 'row.transfer', line: 6, asTransfer: false },
      { type: 'rows.filter', filter: context.filter === 'all' ? 'duplicate' : 'all' },
      { type: 'rows.includeShown', include: false },
      { type: 'import.commit' },
      { type: 'import.remap' },
      { type: 'import.back' },
    ]
  if (snapshot.matches('writing'))
    return [
      { type: 'write.progress', progress: HALF },
      ...WRITE_OUTCOMES.map((outcome): ModelEvent => ({ type: 'write.done', outcome })),
    ]
  if (snapshot.matches('done'))
    return [
      { type: 'import.again' },
      { type: 'history.undone', importId: RESULT.importId },
      // Another import undone from the list leaves this result as it is.
      { type: 'history.undone', importId: UNDONE },
    ]
  return []
}

const replay = (walk: Walk<ImportSnapshot, ModelEvent>) =>
  replayWalk(walk, {
    start: startHarness,
    execute,
    serializeState,
    stop: (harness) => harness.analytics.actor.stop(),
    afterStep: (snapshot, step, harness, before) => {
      const { sent } = harness.script
      // The import reads the file exactly as the rows on screen were read, with only the user's changes.
      const commit = sent.commits.splice(0).at(-1)
      if (commit !== undefined) {
        expect(commit.options).toEqual(before.context.readWith)
        expect(commit.bankAccountId).toBe(CHECKING)
        expect(commit.file).toBe(FILE)
        for (const choice of commit.choices.rows)
          expect(
            before.context.preview?.rows.map((row) => row.line),
            JSON.stringify(walk.steps.map((s) => s.event.type)),
          ).toContain(choice.line)
      }
      // A mapped reading is a generic CSV with a complete mapping.
      for (const request of sent.previews.splice(0)) {
        if (snapshot.matches('mapping')) {
          expect(request.options.format).toBe('csv')
          expect(request.options.mapping).not.toBeNull()
        } else expect(request.options).toEqual(snapshot.context.options)
      }
      // import_csv_started once per file, with the format read, when its rows first show.
      const tracked = harness.analytics.tracked.splice(0)
      const firstRows = selectStep(snapshot) === 'reviewing' && before.context.tracked !== before.context.file
      expect(tracked).toEqual(
        firstRows && (step.event.type === 'read.done' || step.event.type === 'mapping.confirm')
          ? [{ name: 'import_csv_started', props: { bankId: snapshot.context.preview?.format } }]
          : [],
      )
      // An error or pending row is never counted as imported.
      if (snapshot.matches('reviewing')) {
        const shown = selectShownRows(snapshot)
        expect(
          shown
            .filter((row) => row.status === 'error' || row.status === 'pending')
            .every((row) => !row.included),
        ).toBe(true)
        expect(selectSummary(snapshot).included).toBe(includedLines(snapshot).length)
      }
    },
  })

describe('bank import machine model', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('replays every edge of the graph against a real actor and a scripted server', async () => {
    const logic = bankImportMachine as unknown as ActorLogic<ImportSnapshot, ModelEvent, BankImportInput>
    const model = new TestModel(logic, {
      input: { port: scriptedPort().port },
      events: eventsAt,
      serializeState,
    })
    const { walks, states } = modelTour(model, serializeState)
    expect(states).toBeGreaterThanOrEqual(20)
    for (const walk of walks) await replay(walk)
  }, 120_000)

  it('reads a mapped file once after a burst of changes, not once per change', async () => {
    const harness = startHarness()
    const { actor, script } = harness
    actor.send({ type: 'import.chooseAccount', bankAccountId: CHECKING })
    actor.send({ type: 'import.chooseFile', file: FILE })
    actor.send({ type: 'import.read' })
    await answerLatest(script.queues.previews, {
      ok: false,
      problem: { kind: 'file', reason: 'needs-mapping', table: null },
    })
    expect(script.sent.samples.at(-1)?.table).toBeNull()
    await answerLatest(script.queues.samples, UNKNOWN_SAMPLE)
    script.sent.previews.splice(0)
    actor.send({ type: 'mapping.setRole', column: 0, role: 'date' })
    await vi.advanceTimersByTimeAsync(REMAP_DELAY_MS / 2)
    actor.send({ type: 'mapping.setRole', column: 1, role: 'amount' })
    await vi.advanceTimersByTimeAsync(REMAP_DELAY_MS / 2)
    actor.send({ type: 'mapping.set', settings: { decimalSeparator: '.' } })
    expect(script.sent.previews).toEqual([])
    await vi.advanceTimersByTimeAsync(REMAP_DELAY_MS)
    expect(script.sent.previews.map((request) => request.options.mapping)).toEqual([
      expect.objectContaining({ date: 0, amount: 1, decimalSeparator: '.' }),
    ])
    actor.stop()
  })

  it('keeps the chosen file after a failed reading and asks a new file afresh', async () => {
    const harness = startHarness()
    const { actor, script } = harness
    actor.send({ type: 'import.chooseAccount', bankAccountId: CHECKING })
    actor.send({ type: 'import.chooseFile', file: FILE })
    actor.send({ type: 'import.read' })
    await answerLatest(script.queues.previews, {
      ok: false,
      problem: { kind: 'file', reason: 'needs-date-order', table: null },
    })
    expect(selectStep(actor.getSnapshot())).toBe('askingDateOrder')
    actor.send({ type: 'import.setDateOrder', dateOrder: 'mdy' })
    expect(script.sent.previews.at(-1)?.options.dateOrder).toBe('mdy')
    await answerLatest(script.queues.previews, { ok: false, problem: { kind: 'offline' } })
    expect(selectStep(actor.getSnapshot())).toBe('choosing')
    expect(actor.getSnapshot().context.file).toBe(FILE)
    actor.send({ type: 'import.chooseFile', file: OTHER_FILE })
    expect(actor.getSnapshot().context.options.dateOrder).toBeNull()
    actor.stop()
  })

  it('sends only the rows the user changed, and reads the history again after the import', async () => {
    const harness = startHarness()
    const { actor, script } = harness
    actor.send({ type: 'import.chooseAccount', bankAccountId: CHECKING })
    actor.send({ type: 'import.chooseFile', file: FILE })
    actor.send({ type: 'import.setWindow', days: 99 })
    actor.send({ type: 'import.read' })
    await answerLatest(script.queues.previews, { ok: true, preview: PREVIEW })
    actor.send({ type: 'row.include', line: 3, include: true })
    actor.send({ type: 'row.category', line: 2, categoryId: RENT })
    actor.send({ type: 'row.transfer', line: 6, asTransfer: false })
    // Neither pending nor error rows take a category or can be included.
    actor.send({ type: 'row.category', line: 4, categoryId: RENT })
    actor.send({ type: 'row.include', line: 5, include: true })
    actor.send({ type: 'import.commit' })
    const commit = script.sent.commits.at(-1)
    expect(commit?.options.windowDays).toBe(14)
    expect(commit?.choices.rows).toEqual([
      { line: 3, include: true },
      { line: 2, categoryId: RENT },
      { line: 6, asTransfer: false },
    ])
    await answerLatest(script.queues.histories, { ok: true, records: [] })
    const historyLoads = script.queues.histories.length
    await answerLatest(script.queues.commits, {
      ok: true,
      result: { importId: null, imported: 3, duplicates: 0, errors: 1, pending: 1, transfers: 0, version: 3 },
    })
    expect(selectStep(actor.getSnapshot())).toBe('done')
    expect(script.queues.histories.length).toBe(historyLoads + 1)
    actor.stop()
  })

  it('walked every transition of the chart at least once', () => {
    expect(recorder.missingFrom(bankImportMachine)).toEqual([])
  })
})
