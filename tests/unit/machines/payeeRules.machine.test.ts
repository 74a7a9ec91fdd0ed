import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type ActorLogic, createActor, type SnapshotFrom } from 'xstate'
import { TestModel } from 'xstate/graph'
import {
  type PayeeRulesEvent,
  type PayeeRulesInput,
  type PayeeRulesPort,
  payeeRulesMachine,
  type RulesOutcome,
  type SaveRulesOutcome,
  selectDrafts,
  selectRuleProblem,
  selectRulesChanged,
} from '../../../machines/payeeRules/index.ts'
import { moved, problemOf, rulesOf } from '../../../machines/payeeRules/payeeRules.rules.ts'
import { CategoryId } from '../../../schemas/ids.ts'
import type { PayeeRule } from '../../../schemas/imports.ts'
import { createTransitionRecorder } from '../../model/chartCoverage.ts'
import { modelTour, replayWalk } from '../../model/graphTour.ts'

const GROCERIES = CategoryId.make('cat-groceries')
const BIEDRONKA: PayeeRule = {
  id: 'rule-1',
  match: 'contains',
  text: 'BIEDRONKA',
  rename: 'Biedronka',
  categoryId: GROCERIES,
}
const ORLEN: PayeeRule = {
  id: 'rule-2',
  match: 'equals',
  text: 'PKN ORLEN',
  rename: 'Orlen',
  categoryId: null,
}

const flush = () => vi.advanceTimersByTimeAsync(0)

type Snapshot = SnapshotFrom<typeof payeeRulesMachine>
type ModelEvent =
  | PayeeRulesEvent
  | { type: 'xstate.done.actor.0.payeeRules.loading'; output: RulesOutcome }
  | { type: 'xstate.done.actor.0.payeeRules.editing.saving'; output: SaveRulesOutcome }

const scripted = () => {
  const loads: Array<(answer: RulesOutcome) => void> = []
  const saves: Array<(answer: SaveRulesOutcome) => void> = []
  const saved: Array<ReadonlyArray<PayeeRule>> = []
  const port: PayeeRulesPort = {
    load: () => new Promise((resolve) => loads.push(resolve)),
    save: (rules) => {
      saved.push(rules)
      return new Promise((resolve) => saves.push(resolve))
    },
    // One new rule at a time in these tests: a fresh id per add would make the graph endless.
    newId: () => 'rule-new',
  }
  return { port, loads, saves, saved }
}

const answer = async <T>(queue: Array<(answer: T) => void>, value: T) => {
  const resolve = queue.shift()
  if (resolve === undefined) throw new Error('no request is waiting for this answer')
  resolve(value)
  await flush()
}

const recorder = createTransitionRecorder()

const serializeState = (snapshot: Snapshot) =>
  JSON.stringify({
    value: snapshot.value,
    drafts: snapshot.context.drafts.map((draft) => [draft.id, draft.text, draft.rename, draft.categoryId]),
    saved: snapshot.context.saved.map((draft) => [draft.id, draft.text, draft.rename, draft.categoryId]),
    add: snapshot.context.add !== null,
    showProblems: snapshot.context.showProblems,
  })

const eventsAt = (snapshot: Snapshot): ReadonlyArray<ModelEvent> => {
  if (snapshot.matches('loading'))
    return [
      { type: 'xstate.done.actor.0.payeeRules.loading', output: { ok: true, rules: [BIEDRONKA, ORLEN] } },
      { type: 'xstate.done.actor.0.payeeRules.loading', output: { ok: false } },
    ]
  if (snapshot.matches('failed')) return [{ type: 'rules.retry' }]
  if (snapshot.matches({ editing: 'saving' }))
    return [{ ok: true }, { ok: false }].map((output) => ({
      type: 'xstate.done.actor.0.payeeRules.editing.saving',
      output,
    }))
  const drafts = snapshot.context.drafts
  const last = drafts.at(-1)
  if (snapshot.matches({ editing: 'saveFailed' }))
    return [
      { type: 'rules.save' },
      { type: 'rules.discard' },
      ...(drafts[0] === undefined
        ? []
        : [{ type: 'rules.change' as const, id: drafts[0].id, change: { rename: 'Nowa nazwa' } }]),
    ]
  // Few edits, each once, to keep the graph small: the rules' own functions are tested below.
  const events: ModelEvent[] = [{ type: 'rules.save' }, { type: 'rules.discard' }]
  if (!drafts.some((draft) => draft.id === 'rule-new')) events.push({ type: 'rules.add' })
  if (last !== undefined && last.text === '')
    events.push({ type: 'rules.change', id: last.id, change: { text: 'LIDL', categoryId: GROCERIES } })
  if (last !== undefined && drafts.length > 2) events.push({ type: 'rules.remove', id: last.id })
  if (drafts[0]?.id === 'rule-1') events.push({ type: 'rules.move', id: 'rule-1', by: 1 })
  return events
}

const start = (add?: PayeeRulesInput['add']) => {
  const script = scripted()
  const actor = createActor(payeeRulesMachine, {
    input: { port: script.port, ...(add === undefined ? {} : { add }) },
    inspect: recorder.inspect,
  }).start()
  return { actor, script }
}
type Harness = ReturnType<typeof start>

const execute = async (event: ModelEvent, { actor, script }: Harness) => {
  switch (event.type) {
    case 'xstate.done.actor.0.payeeRules.loading':
      return answer(script.loads, event.output)
    case 'xstate.done.actor.0.payeeRules.editing.saving':
      return answer(script.saves, event.output)
    default:
      actor.send(event)
      return flush()
  }
}

describe('payee rules machine model', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('replays every edge of the graph; only valid lists are saved, in the order shown', async () => {
    const logic = payeeRulesMachine as unknown as ActorLogic<Snapshot, ModelEvent, PayeeRulesInput>
    const model = new TestModel(logic, {
      input: { port: scripted().port },
      events: eventsAt,
      serializeState,
    })
    const { walks } = modelTour(model, serializeState)
    for (const walk of walks)
      await replayWalk(walk, {
        start: () => start(),
        execute,
        serializeState,
        afterStep: (snapshot, _step, harness, before) => {
          for (const rules of harness.script.saved.splice(0)) {
            expect(rules.map((rule) => rule.id)).toEqual(before.context.drafts.map((draft) => draft.id))
            expect(before.context.drafts.every((draft) => problemOf(draft) === null)).toBe(true)
          }
          if (snapshot.matches({ editing: 'idle' }) && before.matches({ editing: 'saving' }))
            expect(selectRulesChanged(snapshot)).toBe(false)
        },
      })
  }, 60_000)

  it('adds and saves the rule the preview remembered, replacing one for the same text', async () => {
    const { actor, script } = start({
      match: 'contains',
      text: 'biedronka',
      rename: null,
      categoryId: GROCERIES,
    })
    await answer(script.loads, { ok: true, rules: [ORLEN, BIEDRONKA] })
    expect(script.saved).toEqual([
      [
        { id: 'rule-1', match: 'contains', text: 'biedronka', rename: 'Biedronka', categoryId: GROCERIES },
        ORLEN,
      ],
    ])
    actor.stop()
  })

  it('shows a rule’s problem only once the user tried to save', async () => {
    const { actor, script } = start()
    await answer(script.loads, { ok: true, rules: [] })
    actor.send({ type: 'rules.add' })
    const [draft] = selectDrafts(actor.getSnapshot())
    expect(selectRuleProblem(actor.getSnapshot(), draft?.id ?? '')).toBeNull()
    actor.send({ type: 'rules.save' })
    expect(selectRuleProblem(actor.getSnapshot(), draft?.id ?? '')).toBe('textRequired')
    actor.send({ type: 'rules.change', id: draft?.id ?? '', change: { text: 'ORLEN' } })
    expect(selectRuleProblem(actor.getSnapshot(), draft?.id ?? '')).toBe('nothingToDo')
    expect(script.saved).toEqual([])
    actor.stop()
  })

  it('walked every transition of the chart at least once', () => {
    expect(recorder.missingFrom(payeeRulesMachine)).toEqual([])
  })
})

describe('payee rules', () => {
  const drafts = [BIEDRONKA, ORLEN].map((rule) => ({
    id: rule.id,
    match: rule.match,
    text: rule.text,
    rename: rule.rename ?? '',
    categoryId: rule.categoryId,
  }))

  it('move within the list and stay put at its ends', () => {
    expect(moved(drafts, 'rule-1', 1).map((draft) => draft.id)).toEqual(['rule-2', 'rule-1'])
    expect(moved(drafts, 'rule-1', -1)).toBe(drafts)
    expect(moved(drafts, 'rule-2', 1)).toBe(drafts)
  })

  it('are stored trimmed, an empty new name as none', () => {
    expect(
      rulesOf([
        { ...drafts[1], id: 'r', match: 'equals', text: '  ORLEN ', rename: ' ', categoryId: GROCERIES },
      ]),
    ).toEqual([{ id: 'r', match: 'equals', text: 'ORLEN', rename: null, categoryId: GROCERIES }])
  })

  it('need a text, something to do, and names that fit', () => {
    const base = { id: 'r', match: 'contains' as const, text: 'X', rename: '', categoryId: GROCERIES }
    expect(problemOf(base)).toBeNull()
    expect(problemOf({ ...base, text: '  ' })).toBe('textRequired')
    expect(problemOf({ ...base, text: 'x'.repeat(201) })).toBe('textTooLong')
    expect(problemOf({ ...base, rename: 'y'.repeat(201) })).toBe('renameTooLong')
    expect(problemOf({ ...base, categoryId: null })).toBe('nothingToDo')
  })
})
