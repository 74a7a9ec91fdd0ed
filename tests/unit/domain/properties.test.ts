import * as Schema from 'effect/Schema'
import fc from 'fast-check'
import { expect, it } from 'vitest'
import { replay } from '../../../domain/evolve.ts'
import { accountBalanceAt, monthView } from '../../../domain/monthView.ts'
import { fromSnapshot, toSnapshot } from '../../../domain/snapshot.ts'
import type { BudgetState } from '../../../domain/state.ts'
import type { BudgetEvent } from '../../../schemas/budgetEvents.ts'
import { BudgetStateSnapshot } from '../../../schemas/budgetSnapshot.ts'
import { applyReference, emptyReference, referenceMonth } from './referenceModel.ts'

import { run, sequences, snapshot } from './sequences.ts'

const checkedPeriods = ['202411', '202412', '202501', '202502', '202503', '202504', '202505', '202506']
const firstPeriod = '202411'
const allNumbers = (value: unknown, out: number[] = []): number[] => {
  if (typeof value === 'number') out.push(value)
  else if (Array.isArray(value)) for (const item of value) allNumbers(item, out)
  else if (value && typeof value === 'object') for (const item of Object.values(value)) allNumbers(item, out)
  return out
}

it('random sequences exercise most event types (a guard against generators that only produce refusals)', () => {
  const seen = new Set<string>()
  let accepted = 0
  for (const actions of fc.sample(sequences, { numRuns: 200, seed: 7 })) {
    const { events } = run(actions)
    accepted += events.length
    for (const e of events) seen.add(e._tag)
  }
  expect(accepted).toBeGreaterThan(2_000)
  for (const tag of [
    'TransactionAdded',
    'TransactionEdited',
    'TransactionDeleted',
    'TransferAdded',
    'TransactionsImported',
    'AccountReconciled',
    'AssignedSet',
    'MoneyMoved',
    'OverspendingCovered',
    'AutoAssigned',
    'AssignmentUndone',
    'CategoryDeleted',
    'BankAccountClosed',
    'TargetSet',
    'BudgetReset',
  ]) {
    expect(seen).toContain(tag)
  }
})

const checkEnvelopeIdentity = (state: BudgetState) => {
  for (const p of checkedPeriods) {
    const view = monthView(state, p as never)
    const available = view.categories.reduce((sum, c) => sum + c.available, 0)
    let balances = 0
    for (const id of state.accounts.keys()) balances += accountBalanceAt(state, id, p as never)
    expect(available + view.readyToAssign + view.assignedInFuture, `month ${p}`).toBe(balances)
  }
}

const decodeStateSnapshot = Schema.decodeUnknownSync(BudgetStateSnapshot)

const checkIntegersAndReplay = (state: BudgetState, events: readonly BudgetEvent[]) => {
  const picture = snapshot(state)
  expect(allNumbers(picture).every(Number.isSafeInteger)).toBe(true)
  // The view saturates a total beyond the safe integers (domain/monthView.ts#servedMinor): none may reach the end.
  const exact = (value: number) => Number.isSafeInteger(value) && Math.abs(value) < Number.MAX_SAFE_INTEGER
  for (const p of checkedPeriods) expect(allNumbers(monthView(state, p as never)).every(exact)).toBe(true)
  // Stringified first: a deep toEqual on every run is slow; on a difference toEqual shows where.
  const replayed = snapshot(replay(events))
  if (JSON.stringify(replayed) !== JSON.stringify(picture)) expect(replayed).toEqual(picture)
  // The app loads this JSON snapshot instead of replaying: through the wire and its schema it is the same state.
  const wire = decodeStateSnapshot(JSON.parse(JSON.stringify(toSnapshot(state))))
  const loaded = snapshot(fromSnapshot(wire))
  if (JSON.stringify(loaded) !== JSON.stringify(picture)) expect(loaded).toEqual(picture)
}

const checkAgainstReference = (state: BudgetState, events: readonly BudgetEvent[]) => {
  const model = emptyReference()
  for (const e of events) applyReference(model, e)
  for (const p of checkedPeriods) {
    const view = monthView(state, p as never)
    const expected = referenceMonth(model, firstPeriod, p)
    expect({ rta: view.readyToAssign, future: view.assignedInFuture, overspent: view.overspent }).toEqual({
      rta: expected.readyToAssign,
      future: expected.assignedInFuture,
      overspent: expected.overspent,
    })
    for (const c of view.categories) {
      expect({ assigned: c.assigned, activity: c.activity, available: c.available }).toEqual(
        expected.categories.get(c.id),
      )
    }
  }
  for (const [id, totals] of state.accountTotals) {
    let sum = state.accounts.get(id)?.openingBalance ?? 0
    for (const t of model.transactions.values()) if (t.account === id) sum += t.value
    expect(totals.cleared + totals.uncleared).toBe(sum)
  }
}

// One generated sequence feeds all three checks, so 1 000 sequences stay well under the time budget.
it('over 1 000 random command sequences: the envelope identity holds in every month, amounts stay safe integers, replay reproduces the state, and the incremental month view equals a brute-force recomputation', () => {
  fc.assert(
    fc.property(sequences, (actions) => {
      const { state, events } = run(actions)
      checkEnvelopeIdentity(state)
      checkIntegersAndReplay(state, events)
      checkAgainstReference(state, events)
    }),
    { numRuns: 1_000 },
  )
}, 60_000)
