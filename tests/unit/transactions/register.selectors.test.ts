import * as Result from 'effect/Result'
import { describe, expect, it } from 'vitest'
import { initialState } from '../../../domain/state.ts'
import { applyAll, type CommandDraft, stamp } from '../../../machines/openBudget/index.ts'
import { selectRegisterRows } from '../../../machines/openBudget/selectors/transactions.ts'
import { CommandId, TransactionId } from '../../../schemas/ids.ts'
import { Instant, IsoDate } from '../../../schemas/money.ts'
import { ids, ME, NOVEMBER, pln, SEED } from '../machines/budget.fakes.ts'

let counter = 0
const applied = (state: typeof initialState, drafts: ReadonlyArray<CommandDraft>) => {
  const commands = drafts.map((draft) => {
    counter += 1
    return stamp(draft, {
      commandId: CommandId.make(`cmd-${counter}`),
      at: Instant.make('2026-11-20T09:00:00.000Z'),
      userId: ME,
    })
  })
  const result = applyAll(state, commands)
  if (Result.isFailure(result)) throw new Error(JSON.stringify(result.failure))
  return result.success
}

type Snapshot = Parameters<typeof selectRegisterRows>[0]
// The selector reads `snapshot.context.state` only; a plain object stands in for the actor's snapshot.
const snapshotOf = (state: typeof initialState) => ({ context: { state } }) as unknown as Snapshot

const spend = (id: string, value: number): CommandDraft => ({
  _tag: 'AddTransaction',
  transactionId: TransactionId.make(id),
  bankAccountId: ids.checking,
  date: IsoDate.make('2026-11-05'),
  payee: 'Biedronka',
  memo: '',
  value: pln(value),
  kind: 'Regular',
  cleared: false,
  splits: [{ categoryId: ids.groceries, value: pln(value) }],
})

describe('the register rows of the open budget', () => {
  it('are kept while only money is assigned, and rebuilt when a transaction or an account changes', () => {
    const seeded = applied(initialState, [...SEED, spend('t1', -4_500)])
    const rows = selectRegisterRows(snapshotOf(seeded))
    expect(rows.map((row) => [row.kind, row.balance])).toEqual([
      ['transaction', 495_500],
      ['opening', 500_000],
    ])
    const assigned = applied(seeded, [
      { _tag: 'SetAssigned', periodKey: NOVEMBER, categoryId: ids.rent, value: pln(100_000) },
    ])
    expect(selectRegisterRows(snapshotOf(assigned))).toBe(rows)
    const spent = applied(assigned, [spend('t2', -500)])
    expect(selectRegisterRows(snapshotOf(spent)).map((row) => row.balance)).toEqual([
      495_000, 495_500, 500_000,
    ])
    const renamed = applied(spent, [{ _tag: 'RenameBankAccount', bankAccountId: ids.checking, name: 'ROR' }])
    expect(selectRegisterRows(snapshotOf(renamed))).not.toBe(selectRegisterRows(snapshotOf(spent)))
  })
})
