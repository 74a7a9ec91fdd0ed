import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import {
  type BudgetImportPort,
  budgetImportMachine,
  type ChosenFile,
  type ImportOutcome,
  MAX_FILE_BYTES,
  problemMessage,
  selectCanChooseFile,
  selectCanRetry,
  selectCanStart,
  selectProblem,
  selectReport,
  selectSource,
  selectStage,
} from '../../../machines/budgetImport/index.ts'
import type { BudgetImportReport } from '../../../schemas/budgetImport.ts'
import type { BudgetId } from '../../../schemas/ids.ts'

const fileOf = (text: string, name = 'budzet.json', size = text.length): ChosenFile => ({
  name,
  size,
  slice: (start, end) => ({
    arrayBuffer: async () => new TextEncoder().encode(text.slice(start, end)).buffer,
  }),
})

const ynab = fileOf('{"data": {"budget": {"id": "b", "name": "Dom", "accounts": []}}}')
const report: BudgetImportReport = {
  source: 'ynab',
  name: 'Dom',
  currency: 'PLN' as BudgetImportReport['currency'],
  mapped: [{ kind: 'accounts', count: 2 }],
  approximated: [],
  leftOut: [{ code: 'scheduled-transactions', count: 3 }],
}

/** A port answering the queued outcomes in turn, remembering what it was asked. */
const fakePort = (...outcomes: ImportOutcome[]) => {
  const calls: { file: string; source: string | null }[] = []
  let release: () => void = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  const port: BudgetImportPort = {
    importBudget: async (_budgetId, file, source) => {
      calls.push({ file: file.name, source })
      await gate
      return outcomes.shift() ?? { outcome: 'failed', error: { statusText: 'no answer queued' } }
    },
  }
  return { port, calls, release }
}

const start = (port: BudgetImportPort) =>
  createActor(budgetImportMachine, { input: { port, budgetId: 'b-1' as BudgetId } }).start()

describe('the budget import page’s flow', () => {
  it('recognises the file, imports it and ends with the report', async () => {
    const fake = fakePort({
      outcome: 'imported',
      answer: { budgetId: 'b-1' as BudgetId, version: 3, report },
    })
    const actor = start(fake.port)
    expect(selectStage(actor.getSnapshot())).toBe('choosing')
    expect(selectCanStart(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'import.fileChosen', file: ynab })
    await waitFor(actor, (snapshot) => snapshot.matches('ready'))
    expect(selectSource(actor.getSnapshot())).toBe('ynab')
    expect(selectCanStart(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'import.start' })
    expect(selectStage(actor.getSnapshot())).toBe('importing')
    expect(selectCanChooseFile(actor.getSnapshot())).toBe(false)
    // A file dropped while the import runs changes nothing.
    actor.send({ type: 'import.fileChosen', file: fileOf('{}', 'inny.json') })
    fake.release()
    await waitFor(actor, (snapshot) => snapshot.status === 'done')
    expect(selectStage(actor.getSnapshot())).toBe('imported')
    expect(selectReport(actor.getSnapshot())).toEqual(report)
    expect(fake.calls).toEqual([{ file: 'budzet.json', source: 'ynab' }])
  })

  it('asks for the source when the file says nothing, and sends the one chosen', async () => {
    const fake = fakePort({
      outcome: 'imported',
      answer: { budgetId: 'b-1' as BudgetId, version: 3, report },
    })
    const actor = start(fake.port)
    actor.send({ type: 'import.fileChosen', file: fileOf('[1, 2, 3]') })
    await waitFor(actor, (snapshot) => snapshot.matches('ready'))
    expect(selectSource(actor.getSnapshot())).toBeNull()
    expect(selectCanStart(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'import.sourceChosen', source: 'koperta' })
    expect(selectCanStart(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'import.start' })
    fake.release()
    await waitFor(actor, (snapshot) => snapshot.status === 'done')
    expect(fake.calls[0]?.source).toBe('koperta')
  })

  it('refuses an empty or too large file before sending it, and takes another file after', async () => {
    const actor = start(fakePort().port)
    actor.send({ type: 'import.fileChosen', file: fileOf('', 'pusty.json') })
    expect(selectStage(actor.getSnapshot())).toBe('rejected')
    expect(problemMessage(selectProblem(actor.getSnapshot()) ?? { outcome: 'notEmpty' }).key).toBe(
      'budgetImport.fileError.empty',
    )
    actor.send({ type: 'import.fileChosen', file: fileOf('{}', 'duzy.json', MAX_FILE_BYTES + 1) })
    expect(selectProblem(actor.getSnapshot())).toEqual({ outcome: 'unreadable', reason: 'too-large' })
    actor.send({ type: 'import.fileChosen', file: ynab })
    await waitFor(actor, (snapshot) => snapshot.matches('ready'))
    expect(selectProblem(actor.getSnapshot())).toBeNull()
  })

  it('says why nothing was imported, and tries again or takes another file', async () => {
    const fake = fakePort(
      { outcome: 'unreadable', reason: 'unsafe-number' },
      { outcome: 'notEmpty' },
      { outcome: 'imported', answer: { budgetId: 'b-1' as BudgetId, version: 3, report } },
    )
    fake.release()
    const actor = start(fake.port)
    actor.send({ type: 'import.fileChosen', file: ynab })
    await waitFor(actor, (snapshot) => snapshot.matches('ready'))
    actor.send({ type: 'import.start' })
    await waitFor(actor, (snapshot) => snapshot.matches('failed'))
    expect(problemMessage(selectProblem(actor.getSnapshot()) ?? { outcome: 'notEmpty' })).toEqual({
      key: 'budgetImport.fileError.unsafe-number',
    })
    expect(selectCanRetry(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'import.retry' })
    await waitFor(
      actor,
      (snapshot) => snapshot.matches('failed') && selectProblem(snapshot)?.outcome === 'notEmpty',
    )
    expect(problemMessage({ outcome: 'notEmpty' }).key).toBe('budget.errors.budget-not-empty')
    actor.send({ type: 'import.sourceChosen', source: 'ynab' })
    expect(selectStage(actor.getSnapshot())).toBe('ready')
    actor.send({ type: 'import.start' })
    await waitFor(actor, (snapshot) => snapshot.status === 'done')
    expect(fake.calls).toHaveLength(3)
  })

  it('words every problem', () => {
    expect(problemMessage({ outcome: 'forbidden' }).key).toBe('budgetImport.forbidden')
    expect(problemMessage({ outcome: 'failed', error: { statusText: 'offline' } }).key).toBe(
      'budgetImport.failed',
    )
    expect(
      problemMessage({
        outcome: 'refused',
        error: { _tag: 'BudgetTotalsTooLarge', code: 'budget-totals-too-large' },
      }).key,
    ).toBe('budget.errors.budget-totals-too-large')
  })
})
