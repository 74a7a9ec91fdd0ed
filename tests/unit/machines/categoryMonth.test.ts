import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import {
  type CategoryMonthOutcome,
  categoryMonthMachine,
  selectCategoryMonthFailed,
  selectCategoryMonthRows,
} from '../../../machines/openBudget/categoryMonth.machine.ts'
import { groceriesOutflow, ids, NOVEMBER, scriptedMonthReads } from './budget.fakes.ts'

const start = (read: (signal: AbortSignal) => Promise<CategoryMonthOutcome>) =>
  createActor(categoryMonthMachine, {
    input: { read, categoryId: ids.groceries, periodKey: NOVEMBER, version: 7 },
  }).start()

describe('the category month actor (an inspector while the budget holds only its summary)', () => {
  it('reads the month once, then lists the category’s transactions in it, newest first', async () => {
    const { read, reads: calls } = scriptedMonthReads()
    const actor = start(read)
    expect(selectCategoryMonthRows(actor.getSnapshot())).toBeNull()
    calls[0]?.settle({
      ok: true,
      transactions: [
        groceriesOutflow('t1', '2026-11-03', -1_000),
        groceriesOutflow('t2', '2026-11-20', -2_500),
        groceriesOutflow('t0', '2026-10-30', -300),
      ],
    })
    await waitFor(actor, (snapshot) => snapshot.matches('ready'))
    expect(
      selectCategoryMonthRows(actor.getSnapshot())?.map((row) => [row.transaction.id, row.amount]),
    ).toEqual([
      ['t2', -2_500],
      ['t1', -1_000],
    ])
    expect(calls).toHaveLength(1)
  })

  it('reads again for a newer budget version only, keeping the last rows meanwhile and dropping a stale read', async () => {
    const { read, reads: calls } = scriptedMonthReads()
    const actor = start(read)
    calls[0]?.settle({ ok: true, transactions: [groceriesOutflow('t1', '2026-11-03', -1_000)] })
    await waitFor(actor, (snapshot) => snapshot.matches('ready'))
    actor.send({ type: 'budget.versionChanged', version: 7 })
    actor.send({ type: 'budget.versionChanged', version: 6 })
    expect(calls).toHaveLength(1)
    actor.send({ type: 'budget.versionChanged', version: 8 })
    actor.send({ type: 'budget.versionChanged', version: 9 })
    expect(calls).toHaveLength(3)
    expect(calls[1]?.signal.aborted).toBe(true)
    expect(selectCategoryMonthRows(actor.getSnapshot())).toHaveLength(1)
    calls[2]?.settle({
      ok: true,
      transactions: [groceriesOutflow('t1', '2026-11-03', -1_000), groceriesOutflow('t3', '2026-11-04', -50)],
    })
    await waitFor(actor, (snapshot) => snapshot.matches('ready'))
    expect(selectCategoryMonthRows(actor.getSnapshot())).toHaveLength(2)
  })

  it('says it failed when the first read fails, and reads again with the next version', async () => {
    const { read, reads: calls } = scriptedMonthReads()
    const actor = start(read)
    calls[0]?.settle({ ok: false, error: { status: 503 } })
    await waitFor(actor, (snapshot) => snapshot.matches('failed'))
    expect(selectCategoryMonthFailed(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'budget.versionChanged', version: 8 })
    calls[1]?.settle(new Error('network'))
    await waitFor(actor, (snapshot) => snapshot.matches('failed') && calls.length === 2)
    actor.send({ type: 'budget.versionChanged', version: 9 })
    calls[2]?.settle({ ok: true, transactions: [] })
    await waitFor(actor, (snapshot) => snapshot.matches('ready'))
    expect(selectCategoryMonthRows(actor.getSnapshot())).toEqual([])
    expect(selectCategoryMonthFailed(actor.getSnapshot())).toBe(false)
  })

  it('keeps showing what it read when a later read fails', async () => {
    const { read, reads: calls } = scriptedMonthReads()
    const actor = start(read)
    calls[0]?.settle({ ok: true, transactions: [groceriesOutflow('t1', '2026-11-03', -1_000)] })
    await waitFor(actor, (snapshot) => snapshot.matches('ready'))
    actor.send({ type: 'budget.versionChanged', version: 8 })
    calls[1]?.settle(new Error('network'))
    await waitFor(actor, (snapshot) => snapshot.matches('failed'))
    expect(selectCategoryMonthFailed(actor.getSnapshot())).toBe(false)
    expect(selectCategoryMonthRows(actor.getSnapshot())).toHaveLength(1)
  })
})
