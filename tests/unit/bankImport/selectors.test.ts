import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import {
  bankImportMachine,
  REMAP_DELAY_MS,
  selectAccountHistory,
  selectCanCommit,
  selectCanRead,
  selectFile,
  selectHistoryRef,
  selectMapper,
  selectPresetDraft,
  selectProgress,
  selectReadProblem,
  selectRereading,
  selectResult,
  selectResultLeftOut,
  selectResultUndone,
  selectShownInclusion,
  selectShownRows,
  selectStep,
  selectSummary,
  selectWriteProblem,
} from '../../../machines/bankImport/index.ts'
import { ImportId } from '../../../schemas/ids.ts'
import {
  CHECKING,
  FILE,
  GROCERIES,
  MAPPED_PREVIEW,
  PREVIEW,
  RECORD,
  RENT,
  SAVINGS,
  scriptedPort,
  UNKNOWN_SAMPLE,
} from '../machines/bankImport.fakes.ts'

const flush = () => vi.advanceTimersByTimeAsync(0)

const answerLatest = async <T>(queue: Array<(answer: T) => void>, value: T) => {
  queue.pop()?.(value)
  await flush()
}

const started = () => {
  const script = scriptedPort()
  const actor = createActor(bankImportMachine, {
    input: { port: script.port, bankAccountId: CHECKING },
  }).start()
  return { actor, script }
}

const previewed = async () => {
  const harness = started()
  harness.actor.send({ type: 'import.chooseFile', file: FILE })
  harness.actor.send({ type: 'import.read' })
  await answerLatest(harness.script.queues.previews, { ok: true, preview: PREVIEW })
  return harness
}

describe('bank import selectors', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('can read once an account (given by the screen) and a file are chosen', () => {
    const { actor } = started()
    expect(selectCanRead(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'import.chooseFile', file: FILE })
    expect(selectCanRead(actor.getSnapshot())).toBe(true)
    expect(selectFile(actor.getSnapshot())).toEqual({ name: 'wyciag.csv', size: FILE.size })
    actor.stop()
  })

  it('show the upload’s fraction, then an indeterminate bar while the server reads', async () => {
    const { actor, script } = started()
    actor.send({ type: 'import.chooseFile', file: FILE })
    actor.send({ type: 'import.read' })
    expect(selectProgress(actor.getSnapshot())).toEqual({
      operation: 'read',
      phase: 'uploading',
      fraction: null,
    })
    script.uploads.at(-1)?.onUpload({ loaded: 25, total: 100 })
    expect(selectProgress(actor.getSnapshot())).toEqual({
      operation: 'read',
      phase: 'uploading',
      fraction: 0.25,
    })
    script.uploads.at(-1)?.onUpload({ loaded: 100, total: 100 })
    expect(selectProgress(actor.getSnapshot())).toEqual({
      operation: 'read',
      phase: 'processing',
      fraction: null,
    })
    await answerLatest(script.queues.previews, {
      ok: false,
      problem: { kind: 'file', reason: 'wrong-format', table: null },
    })
    expect(selectProgress(actor.getSnapshot())).toBeNull()
    actor.stop()
  })

  it('name the reading’s problem with the format the user chose, and keep the file', async () => {
    const { actor, script } = started()
    actor.send({ type: 'import.chooseFile', file: FILE })
    actor.send({ type: 'import.setFormat', format: 'pko' })
    actor.send({ type: 'import.read' })
    await answerLatest(script.queues.previews, {
      ok: false,
      problem: { kind: 'file', reason: 'wrong-format', table: null },
    })
    expect(selectStep(actor.getSnapshot())).toBe('choosing')
    expect(selectReadProblem(actor.getSnapshot())).toEqual({
      kind: 'file',
      reason: 'wrong-format',
      format: 'pko',
    })
    expect(selectFile(actor.getSnapshot())?.name).toBe('wyciag.csv')
    actor.stop()
  })

  it('list each row with what the import will do with it', async () => {
    const { actor } = await previewed()
    const rows = selectShownRows(actor.getSnapshot())
    expect(rows.map((row) => [row.line, row.status, row.included, row.includable])).toEqual([
      [2, 'new', true, true],
      [3, 'duplicate', false, true],
      [4, 'pending', false, false],
      [5, 'error', false, false],
      [6, 'new', true, true],
    ])
    expect(rows[0]).toMatchObject({
      categoryId: GROCERIES,
      evidence: { source: 'learned', count: 5, of: 5 },
      originalPayee: 'ZAKUP PRZY UŻYCIU KARTY BIEDRONKA',
    })
    expect(rows[1]).toMatchObject({
      categoryId: RENT,
      evidence: { source: 'rule' },
      duplicate: { reason: 'bank-id' },
    })
    expect(rows[3]).toMatchObject({ error: 'invalid-date', categoryId: null, evidence: { source: 'none' } })
    expect(rows[4]?.transfer).toMatchObject({ bankAccountId: SAVINGS, asTransfer: true })
    expect(selectSummary(actor.getSnapshot())).toEqual({
      new: 2,
      duplicate: 1,
      pending: 1,
      error: 1,
      included: 2,
      includedDuplicates: 0,
      leftOut: 0,
    })
    actor.stop()
  })

  it('keep untouched rows’ views when one row changes, and filter by status', async () => {
    const { actor } = await previewed()
    const before = selectShownRows(actor.getSnapshot())
    expect(selectShownRows(actor.getSnapshot())).toBe(before)
    actor.send({ type: 'row.category', line: 2, categoryId: null })
    const after = selectShownRows(actor.getSnapshot())
    expect(after[0]).toMatchObject({ categoryId: null, evidence: { source: 'chosen' } })
    expect(after[1]).toBe(before[1])
    actor.send({ type: 'row.transfer', line: 6, asTransfer: false })
    expect(selectShownRows(actor.getSnapshot())[4]?.transfer?.asTransfer).toBe(false)
    actor.send({ type: 'rows.filter', filter: 'duplicate' })
    expect(selectShownRows(actor.getSnapshot()).map((row) => row.line)).toEqual([3])
    expect(selectShownInclusion(actor.getSnapshot())).toEqual({ state: 'none', press: null })
    // "Select all shown" never takes in a duplicate: only ticking it on its own does.
    actor.send({ type: 'rows.includeShown', include: true })
    expect(selectSummary(actor.getSnapshot()).included).toBe(2)
    actor.send({ type: 'row.include', line: 3, include: true })
    expect(selectShownInclusion(actor.getSnapshot())).toEqual({ state: 'some', press: 'exclude' })
    expect(selectSummary(actor.getSnapshot())).toMatchObject({ included: 3, includedDuplicates: 1 })
    actor.stop()
  })

  it('select all shown takes in every new row and no duplicate; clearing leaves every row out', async () => {
    const { actor } = await previewed()
    actor.send({ type: 'row.include', line: 2, include: false })
    expect(selectShownInclusion(actor.getSnapshot())).toEqual({ state: 'some', press: 'include' })
    expect(selectSummary(actor.getSnapshot()).leftOut).toBe(1)
    actor.send({ type: 'rows.includeShown', include: true })
    expect(selectShownInclusion(actor.getSnapshot())).toEqual({ state: 'all', press: 'exclude' })
    expect(
      selectShownRows(actor.getSnapshot())
        .filter((row) => row.included)
        .map((row) => row.line),
    ).toEqual([2, 6])
    actor.send({ type: 'row.include', line: 3, include: true })
    actor.send({ type: 'rows.includeShown', include: false })
    expect(selectSummary(actor.getSnapshot())).toMatchObject({
      included: 0,
      includedDuplicates: 0,
      leftOut: 2,
    })
    actor.stop()
  })

  it('read the preview again after an import is undone from the history, keeping the choices', async () => {
    const { actor, script } = await previewed()
    await answerLatest(script.queues.histories, { ok: true, records: [RECORD] })
    actor.send({ type: 'row.include', line: 2, include: false })
    // Ticked and unticked again: not a wish to leave the row out once it is new.
    actor.send({ type: 'row.include', line: 3, include: true })
    actor.send({ type: 'row.include', line: 3, include: false })
    const history = selectHistoryRef(actor.getSnapshot())
    history?.send({ type: 'history.askUndo', importId: RECORD.importId })
    history?.send({ type: 'history.confirmUndo' })
    await answerLatest(script.queues.undos, { ok: true })
    expect(selectRereading(actor.getSnapshot())).toBe(true)
    const request = script.sent.previews.at(-1)
    expect(request?.options).toEqual(actor.getSnapshot().context.readWith)
    const rows = PREVIEW.rows.map((row) =>
      row.status === 'duplicate' ? { ...row, status: 'new' as const } : row,
    )
    await answerLatest(script.queues.previews, { ok: true, preview: { ...PREVIEW, rows } })
    expect(selectRereading(actor.getSnapshot())).toBe(false)
    expect(selectSummary(actor.getSnapshot())).toMatchObject({
      new: 3,
      duplicate: 0,
      included: 2,
      leftOut: 1,
    })
    actor.stop()
  })

  it('say the result was undone, and offer no undo, once its import is undone from the history', async () => {
    const { actor, script } = await previewed()
    const result = {
      importId: RECORD.importId,
      imported: 2,
      duplicates: 1,
      errors: 1,
      pending: 1,
      transfers: 1,
      version: 4,
    }
    actor.send({ type: 'row.include', line: 6, include: false })
    actor.send({ type: 'import.commit' })
    await answerLatest(script.queues.commits, { ok: true, result })
    await answerLatest(script.queues.histories, { ok: true, records: [RECORD] })
    expect(selectResultUndone(actor.getSnapshot())).toBe(false)
    expect(selectResultLeftOut(actor.getSnapshot())).toBe(1)
    const history = selectHistoryRef(actor.getSnapshot())
    history?.send({ type: 'history.askUndo', importId: RECORD.importId })
    history?.send({ type: 'history.confirmUndo' })
    await answerLatest(script.queues.undos, { ok: true })
    expect(selectResultUndone(actor.getSnapshot())).toBe(true)
    actor.stop()
  })

  it('cannot import when every row is left out', async () => {
    const { actor } = await previewed()
    expect(selectCanCommit(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'rows.includeShown', include: false })
    expect(selectSummary(actor.getSnapshot()).included).toBe(0)
    expect(selectCanCommit(actor.getSnapshot())).toBe(false)
    actor.stop()
  })

  it('keep the preview after a failed import and say why; show the result of one that worked', async () => {
    const { actor, script } = await previewed()
    actor.send({ type: 'import.commit' })
    expect(selectProgress(actor.getSnapshot())?.operation).toBe('write')
    await answerLatest(script.queues.commits, { ok: false, problem: { kind: 'offline' } })
    expect(selectWriteProblem(actor.getSnapshot())).toEqual({ kind: 'offline' })
    expect(selectShownRows(actor.getSnapshot())).toHaveLength(5)
    actor.send({ type: 'import.commit' })
    expect(selectWriteProblem(actor.getSnapshot())).toBeNull()
    const result = {
      importId: ImportId.make('import-9'),
      imported: 2,
      duplicates: 1,
      errors: 1,
      pending: 1,
      transfers: 1,
      version: 4,
    }
    await answerLatest(script.queues.commits, { ok: true, result })
    expect(selectResult(actor.getSnapshot())).toEqual(result)
    actor.stop()
  })

  it('show the column mapper’s gaps, its rows as mapped, and offer the mapping as a preset', async () => {
    const { actor, script } = started()
    actor.send({ type: 'import.chooseFile', file: FILE })
    actor.send({ type: 'import.read' })
    await answerLatest(script.queues.previews, {
      ok: false,
      problem: { kind: 'file', reason: 'unknown-format', table: null },
    })
    expect(selectMapper(actor.getSnapshot())?.state).toBe('sampling')
    await answerLatest(script.queues.samples, UNKNOWN_SAMPLE)
    expect(selectMapper(actor.getSnapshot())).toMatchObject({ state: 'incomplete', gaps: ['date', 'amount'] })
    actor.send({ type: 'mapping.setRole', column: 0, role: 'date' })
    actor.send({ type: 'mapping.setRole', column: 1, role: 'amount' })
    expect(selectMapper(actor.getSnapshot())).toMatchObject({ state: 'settling', gaps: [] })
    await vi.advanceTimersByTimeAsync(REMAP_DELAY_MS)
    expect(selectMapper(actor.getSnapshot())?.state).toBe('reading')
    await answerLatest(script.queues.previews, { ok: true, preview: MAPPED_PREVIEW })
    const mapped = selectMapper(actor.getSnapshot())
    expect(mapped).toMatchObject({ state: 'shown', canConfirm: true, problem: null })
    expect(mapped?.rows).toHaveLength(2)
    actor.send({ type: 'mapping.confirm' })
    expect(selectStep(actor.getSnapshot())).toBe('reviewing')
    expect(selectPresetDraft(actor.getSnapshot())).toMatchObject({
      format: 'csv',
      encoding: 'utf-8',
      mapping: { date: 0, amount: 1 },
    })
    actor.stop()
  })

  it('list one account’s imports newest first', async () => {
    const { actor, script } = started()
    const second = { ...RECORD, importId: ImportId.make('import-2') }
    const other = { ...RECORD, importId: ImportId.make('import-3'), bankAccountId: SAVINGS }
    await answerLatest(script.queues.histories, { ok: true, records: [RECORD, other, second] })
    const history = selectHistoryRef(actor.getSnapshot())
    expect(history).toBeDefined()
    if (history === undefined) return
    expect(selectAccountHistory(history.getSnapshot(), CHECKING).map((record) => record.importId)).toEqual([
      'import-2',
      'import-1',
    ])
    expect(selectAccountHistory(history.getSnapshot(), null)).toHaveLength(3)
    actor.stop()
  })
})
