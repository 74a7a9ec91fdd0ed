import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { completeStateAt } from '../../../server/ledger/service.ts'
import { createSnapshotKeeper, saveSnapshot } from '../../../server/ledger/snapshots.ts'
import { databases } from '../support/databases.ts'
import { type SmallBudget, smallBudget, versionOf } from './fixtures.ts'
import { type Call, expectStatus, type Harness, startHarness } from './harness.ts'

describe.each(databases())('stored budget states on $kind', (target) => {
  let harness: Harness
  let api: Call
  let budget: SmallBudget

  beforeAll(async () => {
    harness = await startHarness(target)
    api = await harness.as('snapshotter')
    budget = await smallBudget(api)
  })
  afterAll(async () => harness.close())

  const assign = async (value: number) =>
    expectStatus(
      await api('PUT', `${budget.base}/period/202503/categories/${budget.foodId}/assigned`, { value }),
      200,
    )
  const stateNow = async (base = budget.base) => expectStatus(await api('GET', `${base}/state`), 200)
  /** What a restarted server has: no state in memory. */
  const forget = () => harness.app.ledger.cache.drop(budget.id)

  it('a restarted server starts from the stored state and folds only the events after it', async () => {
    const { ledger } = harness.app
    const stored = await versionOf(api, budget.base)
    await saveSnapshot(
      ledger.db,
      budget.id,
      stored,
      await completeStateAt(ledger, ledger.db, budget.id, stored),
    )
    await assign(1_000)
    await assign(2_500)
    const expected = await stateNow()
    // Remove the history the snapshot covers: the state can now only come from snapshot + tail.
    await ledger.db
      .deleteFrom('budget_events')
      .where('budget_id', '=', budget.id)
      .where('seq', '<=', stored)
      .execute()
    forget()
    expect(await stateNow()).toEqual(expected)
    // Writes decide on that state too.
    await assign(3_000)
    const month = expectStatus(await api('GET', `${budget.base}/period/202503`), 200)
    expect(month.categories.find((c: { id: string }) => c.id === budget.foodId).assigned).toBe(3_000)
  })

  it('a stored state keeps its transactions in parts, and a newer state replaces them whole', async () => {
    const { ledger } = harness.app
    const parted = await smallBudget(api, 'Parted')
    for (const value of [-1_000, -2_000, -3_000]) {
      expectStatus(
        await api('POST', `${parted.base}/transactions`, {
          bankAccountId: parted.checkingId,
          date: '2025-03-05',
          payee: 'Shop',
          value,
          splits: [{ categoryId: parted.foodId, value }],
        }),
        201,
      )
    }
    const version = await versionOf(api, parted.base)
    const state = await completeStateAt(ledger, ledger.db, parted.id, version)
    await saveSnapshot(ledger.db, parted.id, version, state, 1)
    const parts = () =>
      ledger.db
        .selectFrom('budget_snapshot_parts')
        .select(['part', 'version'])
        .where('budget_id', '=', parted.id)
        .orderBy('part')
        .execute()
    expect((await parts()).map((row) => [row.part, Number(row.version)])).toEqual([
      [0, version],
      [1, version],
      [2, version],
    ])
    const expected = await stateNow(parted.base)
    harness.app.ledger.cache.drop(parted.id)
    // Only the stored state can answer: the history it covers is gone.
    await ledger.db.deleteFrom('budget_events').where('budget_id', '=', parted.id).execute()
    expect(await stateNow(parted.base)).toEqual(expected)
    await saveSnapshot(ledger.db, parted.id, version + 1, state, 2)
    expect((await parts()).map((row) => [row.part, Number(row.version)])).toEqual([
      [0, version + 1],
      [1, version + 1],
    ])
  })

  it('ignores a stored state of another evolve format', async () => {
    const { ledger } = harness.app
    const fresh = await smallBudget(api, 'Fresh')
    await ledger.db
      .insertInto('budget_snapshots')
      .values({ budget_id: fresh.id, version: 1, format: 999, data: '{"garbage":true}' })
      .execute()
    harness.app.ledger.cache.drop(fresh.id)
    const state = expectStatus(await api('GET', `${fresh.base}/state`), 200)
    expect(state.state.accounts).toHaveLength(2)
  })

  it('the keeper stores the state in the background once enough events came, and a newer one wins', async () => {
    const { ledger } = harness.app
    const kept = await smallBudget(api, 'Kept')
    const failures: unknown[] = []
    const keeper = createSnapshotKeeper(ledger.db, (error) => failures.push(error), 3)
    const version = await versionOf(api, kept.base)
    const state = await completeStateAt(ledger, ledger.db, kept.id, version)
    keeper.consider(kept.id, 2, state)
    await keeper.settle()
    const none = await ledger.db
      .selectFrom('budget_snapshots')
      .select('version')
      .where('budget_id', '=', kept.id)
      .where('format', '=', 1)
      .executeTakeFirst()
    expect(none).toBeUndefined()
    keeper.consider(kept.id, version, state)
    // Due, but it waits for a pause in the budget's writes (or for settle, which saves what is due now).
    const waiting = await ledger.db
      .selectFrom('budget_snapshots')
      .select('version')
      .where('budget_id', '=', kept.id)
      .executeTakeFirst()
    expect(waiting).toBeUndefined()
    await keeper.settle()
    const row = await ledger.db
      .selectFrom('budget_snapshots')
      .select(['version', 'format'])
      .where('budget_id', '=', kept.id)
      .executeTakeFirstOrThrow()
    expect(Number(row.version)).toBe(version)
    await saveSnapshot(ledger.db, kept.id, version - 1, state)
    const newest = await ledger.db
      .selectFrom('budget_snapshots')
      .select('version')
      .where('budget_id', '=', kept.id)
      .executeTakeFirstOrThrow()
    expect(Number(newest.version)).toBe(version)
    expect(failures).toEqual([])
  })

  it('at shutdown, every cached budget state newer than its stored one is stored', async () => {
    const { ledger } = harness.app
    const closing = await smallBudget(api, 'Closing')
    const version = await versionOf(api, closing.base)
    expectStatus(await api('GET', `${closing.base}/state`), 200)
    await ledger.snapshots.saveAll(ledger.cache.entries())
    const row = await ledger.db
      .selectFrom('budget_snapshots')
      .select('version')
      .where('budget_id', '=', closing.id)
      .executeTakeFirstOrThrow()
    expect(Number(row.version)).toBe(version)
  })
})
