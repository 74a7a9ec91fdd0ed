import { randomUUID } from 'node:crypto'
import * as Schema from 'effect/Schema'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decide } from '../../../domain/decide.ts'
import { evolve } from '../../../domain/evolve.ts'
import { fromSnapshot } from '../../../domain/snapshot.ts'
import { type BudgetState, initialState } from '../../../domain/state.ts'
import { summaryOf } from '../../../domain/summary.ts'
import type { BudgetCommand } from '../../../schemas/budgetCommands.ts'
import { BudgetStateAnswer } from '../../../schemas/budgetSnapshot.ts'
import type { BudgetId, UserId } from '../../../schemas/ids.ts'
import { ProblemError } from '../../../server/http/problem.ts'
import { createPersonalToken } from '../../../server/identity/personalTokens.ts'
import { createLocalUser } from '../../../server/identity/users.ts'
import { readSummary } from '../../../server/ledger/read.ts'
import { rebuildBudget } from '../../../server/ledger/rebuild.ts'
import { write } from '../../../server/ledger/service.ts'
import type { StoredEvent } from '../../../server/ledger/store.ts'
import { propertyBudget, sequences, snapshot, toCommand } from '../../unit/domain/sequences.ts'
import { databases } from '../support/databases.ts'
import { readModelRows } from './fixtures.ts'
import { type Harness, startHarness } from './harness.ts'

// The server keeps only budget summaries and loads the transactions a command reads (domain/summary.ts). Random
// command sequences through its real write path, with its memory dropped at random steps (a restart, another
// instance), must append exactly the events the pure domain decides on the whole state, and leave read models
// that give back the same state.

/** The property tests' starter budget, as commands, under a budget id of its own (ids are unique per server). */
const setupCommands = (budgetId: string): BudgetCommand[] =>
  propertyBudget().commands.map((command) =>
    command._tag === 'CreateBudget' ? { ...command, budgetId: budgetId as BudgetId } : command,
  )

type Outcome = { readonly events: readonly unknown[] } | { readonly refusal: string }

describe.each(databases())('budget summaries on $kind', (target) => {
  let harness: Harness
  let userId: string
  let authorization: string

  beforeAll(async () => {
    harness = await startHarness(target)
    const account = await createLocalUser(
      harness.app.identity.db,
      `summaries-${target.kind}@example.com`,
      'x',
    )
    if (!account.created) throw new Error('test user exists')
    userId = account.user.id
    authorization = `Bearer ${(await createPersonalToken(harness.app.identity.db, userId, 'summaries')).token}`
  }, 120_000)
  afterAll(async () => harness?.close())

  const serverRun = async (budgetId: string, command: BudgetCommand): Promise<Outcome> => {
    const ledger = harness.app.ledger
    // The caller's id, as the routes stamp it.
    command = { ...command, userId: userId as UserId }
    try {
      let appended: readonly StoredEvent[] = []
      await write(ledger, {
        budgetId,
        userId,
        status: 200,
        ...(command._tag === 'CreateBudget'
          ? {
              create: {
                name: command.name,
                currency: command.currency,
                uncategorizedCategoryId: command.uncategorizedCategoryId,
                at: command.at,
              },
            }
          : {}),
        commands: () => [command],
        answer: (_state, _version, events) => {
          appended = events
          return null
        },
      })
      return { events: appended.map(({ data }) => data) }
    } catch (error) {
      if (error instanceof ProblemError && error.problem.status === 422)
        return { refusal: error.problem.code }
      throw error
    }
  }

  const domainRun = (state: BudgetState, given: BudgetCommand) => {
    const command = { ...given, userId: userId as UserId }
    const decision = decide(command, state)
    if (decision._tag === 'Failure') return { state, outcome: { refusal: decision.failure.code } }
    let next = state
    for (const event of decision.success) next = evolve(next, event)
    return { state: next, outcome: { events: decision.success } }
  }

  const same = (actual: unknown, expected: unknown) => {
    // Stringified first: deep equality on every step is slow; on a difference toEqual shows where.
    if (JSON.stringify(actual) !== JSON.stringify(expected)) expect(actual).toEqual(expected)
  }

  it('decide on summaries as the domain does on whole states, and read back the same state (random sequences)', async () => {
    await fc.assert(
      fc.asyncProperty(
        sequences,
        fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }),
        async (actions, forget) => {
          const budgetId = randomUUID()
          const setup = setupCommands(budgetId)
          let state = initialState
          for (const command of setup) {
            const expected = domainRun(state, command)
            state = expected.state
            same(await serverRun(budgetId, command), expected.outcome)
          }
          const transactionIds: string[] = []
          for (const [index, action] of actions.entries()) {
            const created: string[] = []
            const command = toCommand(action, index, transactionIds, created)
            if (forget[index]) harness.app.ledger.cache.drop(budgetId)
            const expected = domainRun(state, command)
            same(await serverRun(budgetId, command), expected.outcome)
            if ('events' in expected.outcome) transactionIds.push(...created)
            state = expected.state
          }
          const db = harness.app.ledger.db
          // The read models hold the summary, and with the stored transactions the whole state.
          same(snapshot((await readSummary(db, budgetId))?.state ?? initialState), snapshot(summaryOf(state)))
          // What the app opens a budget from: the whole state, through the route and its schema.
          harness.app.ledger.cache.drop(budgetId)
          const answer = await harness.app.inject({
            method: 'GET',
            url: `/api/budget/${budgetId}/state`,
            headers: { authorization },
          })
          expect(answer.statusCode).toBe(200)
          const wire = Schema.decodeUnknownSync(BudgetStateAnswer)(JSON.parse(answer.body))
          same(snapshot(fromSnapshot(wire.state)), snapshot(state))
          // A rebuild from the events writes the rows the inline projection wrote.
          const inline = await readModelRows(harness.app.ledger.db, budgetId)
          await rebuildBudget(db, budgetId)
          same(await readModelRows(harness.app.ledger.db, budgetId), inline)
        },
      ),
      { numRuns: 50 },
    )
  }, 300_000)

  it('rebuilds read models of an older format (or from before undo rows were kept) on first use', async () => {
    const budgetId = randomUUID()
    let state = initialState
    for (const command of setupCommands(budgetId)) {
      state = domainRun(state, command).state
      await serverRun(budgetId, command)
    }
    const assign = toCommand(
      { kind: 'assign', categoryId: 'food', periodKey: '202501', value: 12_000 },
      0,
      [],
      [],
    )
    await serverRun(budgetId, assign)
    const db = harness.app.ledger.db
    // What a database written before migration 0006 looks like: no undo rows, format 0.
    await db.deleteFrom('budget_undo').where('budget_id', '=', budgetId).execute()
    await db.updateTable('budgets').set({ read_model_format: 0 }).where('id', '=', budgetId).execute()
    harness.app.ledger.cache.drop(budgetId)
    const undo = toCommand({ kind: 'undo' }, 1, [], [])
    const outcome = await serverRun(budgetId, undo)
    expect(outcome).toEqual(domainRun(domainRun(state, assign).state, undo).outcome)
    expect('events' in outcome && outcome.events.length).toBe(1)
  })

  it('keeps no transactions in memory after writes', async () => {
    const budgetId = randomUUID()
    for (const command of setupCommands(budgetId)) await serverRun(budgetId, command)
    const add = toCommand(
      {
        kind: 'add',
        account: 'checking',
        date: '2025-01-05',
        value: -1_000,
        splits: [],
        exact: false,
        cleared: true,
      },
      0,
      [],
      [],
    )
    expect('events' in (await serverRun(budgetId, add))).toBe(true)
    const cached = harness.app.ledger.cache.get(budgetId)
    expect(cached?.state.transactionCount).toBe(1)
    expect(cached && [...cached.state.transactions].length).toBe(0)
  })
})
