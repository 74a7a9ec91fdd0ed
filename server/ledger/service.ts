import { randomUUID } from 'node:crypto'
import * as Result from 'effect/Result'
import { decide } from '../../domain/decide.ts'
import { evolve } from '../../domain/evolve.ts'
import { commandsRefusal } from '../../domain/permissions.ts'
import { type BudgetState, closeForChanges, initialState, openForChanges } from '../../domain/state.ts'
import { foldsIntoSummary, summaryOf, transactionsNeeded, withTransactions } from '../../domain/summary.ts'
import type { MonthView } from '../../schemas/budget.ts'
import type { BudgetCommand } from '../../schemas/budgetCommands.ts'
import type { CommandId, UserId } from '../../schemas/ids.ts'
import type { Instant, PeriodKey } from '../../schemas/money.ts'
import { statementBatch } from '../db/statementBatch.ts'
import type { StateCache } from './cache.ts'
import type { LiveStreamSettings } from './live.ts'
import type { Notifier } from './notifier.ts'
import {
  accessRefused,
  budgetNotFound,
  domainRefusal,
  idempotencyKeyReused,
  staleVersion,
} from './problems.ts'
import { projectChanges, READ_MODEL_FORMAT, startProjection, touch } from './projection.ts'
import { memoMonthView, readNeededTransactions, readSummary } from './read.ts'
import { rebuildWithin } from './rebuild.ts'
import type { StatisticsKeeper } from './statistics.ts'
import {
  appendEvents,
  lockStream,
  type PendingEvent,
  readEvents,
  type StoredEvent,
  saveAnswer,
} from './store.ts'
import { amount, type LedgerDb } from './tables.ts'

/** What the ledger routes share: the database, the per-process summary cache and the live-update notifier. */
export interface Ledger {
  readonly db: LedgerDb
  readonly cache: StateCache
  readonly notifier: Notifier
  readonly statistics: StatisticsKeeper
  /** How long event streams trust their credential (tests shorten it). */
  readonly live: LiveStreamSettings
  /** Now, for "today" of templates' drafts (`today.ts`); tests set their own. */
  readonly clock: () => Date
}

export interface CommandMeta {
  readonly commandId: CommandId
  readonly at: Instant
  readonly userId: UserId
}

export interface NewBudgetRow {
  readonly name: string
  readonly currency: string
  readonly uncategorizedCategoryId: string
  readonly at: string
}

export interface WriteRequest {
  readonly budgetId: string
  readonly userId: string
  /** The version the client last read (If-Match); a different current version refuses with 412. */
  readonly ifMatch?: number | undefined
  /** The client's idempotency key: a retry gets the first answer and appends nothing. */
  readonly commandId?: string | undefined
  /** What the request with that key asked (`http.ts#requestDigest`): the key sent with another request is refused. */
  readonly digest?: string | undefined
  /** The commands, built from the request; `meta(i)` gives the i-th command its id, time and actor. */
  readonly commands: (meta: (index: number) => CommandMeta) => readonly BudgetCommand[]
  /** Several commands from one request (a bulk import): command ids become `<key>/<index>`. */
  readonly batch?: boolean | undefined
  readonly status: number
  /** The status when the commands decided no event (e.g. an occurrence confirmed again: 200, not 201). */
  readonly unchangedStatus?: number | undefined
  readonly answer: (after: BudgetState, version: number, appended: ReadonlyArray<StoredEvent>) => unknown
  /** Creating a budget: its stream row and the caller's Owner membership come first, in the same transaction. */
  readonly create?: NewBudgetRow | undefined
  /** Transaction and transfer ids this request minted (new UUIDs): none is stored yet, so none is looked up. */
  readonly minted?: ReadonlySet<string> | undefined
}

export interface WriteResult {
  readonly status: number
  readonly body: unknown
  readonly version: number
}

// Brands for values made here: a fresh uuid is a valid command id, the clock's ISO text a valid instant.
// One instant per request (its commands happen together); a batch's commands are numbered under one id, so a
// 2 000-item import mints one uuid and formats one date, not 2 000 of each.
const metaFactory = (at: Instant, userId: UserId, commandId: string | undefined, batch: boolean) => {
  const batchId = batch ? (commandId ?? randomUUID()) : undefined
  return (index: number): CommandMeta => ({
    commandId: (batchId !== undefined ? `${batchId}/${index}` : (commandId ?? randomUUID())) as CommandId,
    at,
    userId,
  })
}

/** Behind by more events than this (another instance wrote a lot), a summary is read again rather than folded. */
const FOLD_AT_MOST = 500

/**
 * The cached summary brought forward to `version` with the events another instance appended, or undefined when
 * one of them cannot fold into a summary (an edit of a transaction it does not hold) or there are too many.
 */
const foldForward = async (ledger: Ledger, db: LedgerDb, budgetId: string, version: number) => {
  const cached = ledger.cache.get(budgetId)
  if (cached === undefined || cached.version > version) return undefined
  if (cached.version === version) return cached.state
  if (version - cached.version > FOLD_AT_MOST) return undefined
  const events = await readEvents(db, budgetId, cached.version, version - cached.version)
  if (cached.version + events.length !== version) return undefined
  let state = cached.state
  for (const { data: event } of events) {
    if (!foldsIntoSummary(state, event)) return undefined
    state = evolve(state, event)
  }
  return summaryOf(state)
}

/**
 * The budget's summary at `version`, the stream version read under the write lock (in `trx`): cached, folded
 * forward, or read from the read models, which that lock keeps at `version`. Read models of another
 * READ_MODEL_FORMAT are rebuilt from the events first.
 */
const summaryAt = async (
  ledger: Ledger,
  trx: LedgerDb,
  budgetId: string,
  version: number,
): Promise<BudgetState> => {
  if (version === 0) return initialState
  const known = await foldForward(ledger, trx, budgetId, version)
  if (known !== undefined) return known
  const read = await readSummary(trx, budgetId)
  if (read === undefined) throw new Error(`budget ${budgetId} vanished under its lock`)
  if (read.format !== READ_MODEL_FORMAT) return summaryOf(await rebuildWithin(trx, budgetId, version))
  if (read.version !== version)
    throw new Error(`budget ${budgetId}: read models at ${read.version}, not ${version}`)
  return read.state
}

/**
 * For reads outside the write lock: the budget's summary and whatever `alongside` reads, at one version (one
 * repeatable-read snapshot; the cached summary when it is that version). Rebuilds read models of another format
 * first. Undefined for an unknown budget.
 */
export const readAtOneVersion = async <T>(
  ledger: Ledger,
  budgetId: string,
  alongside: (trx: LedgerDb) => Promise<T>,
): Promise<{ readonly version: number; readonly state: BudgetState; readonly alongside: T } | undefined> => {
  for (;;) {
    const read = await ledger.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const head = await trx
          .selectFrom('budgets')
          .select(['version', 'read_model_format'])
          .where('id', '=', budgetId)
          .executeTakeFirst()
        if (head === undefined) return undefined
        const version = amount(head.version)
        if (head.read_model_format !== READ_MODEL_FORMAT) return { version, stale: true as const }
        const state =
          (await foldForward(ledger, trx, budgetId, version)) ?? (await readSummary(trx, budgetId))?.state
        if (state === undefined) return undefined
        return { version, state, alongside: await alongside(trx) }
      })
    if (read === undefined) return undefined
    if (!('stale' in read)) {
      ledger.cache.put(budgetId, { version: read.version, state: read.state })
      return read
    }
    await ledger.db.transaction().execute(async (trx) => {
      // Under the stream lock, so a concurrent writer cannot interleave with the rebuild.
      const head = await trx
        .selectFrom('budgets')
        .select(['version', 'read_model_format'])
        .where('id', '=', budgetId)
        .forUpdate()
        .executeTakeFirstOrThrow()
      if (head.read_model_format !== READ_MODEL_FORMAT)
        await rebuildWithin(trx, budgetId, amount(head.version))
    })
  }
}

/** The month view: from the cached summary when it is at `version`, else from the read models. */
export const monthViewAt = async (
  ledger: Ledger,
  budgetId: string,
  version: number,
  period: PeriodKey,
): Promise<MonthView> => {
  const cached = ledger.cache.get(budgetId)
  if (cached !== undefined && cached.version === version) return memoMonthView(cached.state, period)
  const read = await readAtOneVersion(ledger, budgetId, async () => undefined)
  if (read === undefined) throw new Error(`budget ${budgetId} vanished while reading`)
  return memoMonthView(read.state, period)
}

/**
 * One write, in one database transaction: lock the stream row, check the idempotency key, the caller's role and
 * access, and If-Match, decide every command on the current state, append the events, update the read models
 * inline, commit; then cache the new state and announce it.
 */
export const write = async (ledger: Ledger, request: WriteRequest): Promise<WriteResult> => {
  const { budgetId, userId } = request
  const outcome = await ledger.db.transaction().execute(async (trx) => {
    if (request.create !== undefined) {
      const inserted = await trx
        .insertInto('budgets')
        .values({
          id: budgetId,
          name: request.create.name,
          currency: request.create.currency,
          uncategorized_category_id: request.create.uncategorizedCategoryId,
          created_at: request.create.at,
          created_by: userId,
          version: 0,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst()
      if (inserted !== undefined) {
        await trx
          .insertInto('budget_members')
          .values({ budget_id: budgetId, user_id: userId, role: 'Owner' })
          .execute()
      }
    }
    const head = await lockStream(trx, budgetId, userId, request.commandId)
    if (head === undefined) throw budgetNotFound()
    const earlier = head.earlier
    if (earlier !== undefined) {
      // Rows stored before digests were kept answer any retry.
      if (earlier.digest !== null && request.digest !== undefined && earlier.digest !== request.digest)
        throw idempotencyKeyReused()
      return { version: earlier.version, status: earlier.status, body: earlier.body, state: undefined }
    }
    if (head.deleted) throw budgetNotFound()
    const batch = request.batch === true
    const at = new Date().toISOString() as Instant
    const actor = userId as UserId
    const resolved = request.commands(metaFactory(at, actor, request.commandId, batch))
    // The caller's role and access came with the lock's row: refused before anything is read or decided, the
    // batch whole (domain/permissions.ts, docs/sharing.md).
    const refusal = commandsRefusal(head, resolved)
    if (refusal !== undefined) throw accessRefused(refusal)
    if (request.ifMatch !== undefined && request.ifMatch !== head.version) throw staleVersion(head.version)
    const summary = await summaryAt(ledger, trx, budgetId, head.version)
    // The summary decides like the whole state once it holds the transactions these commands read.
    const needed = transactionsNeeded(resolved, summary)
    const minted = request.minted
    const toRead =
      minted === undefined
        ? needed
        : {
            ...needed,
            ids: new Set([...needed.ids].filter((id) => !minted.has(id))),
            transferIds: new Set([...needed.transferIds].filter((id) => !minted.has(id))),
          }
    const before = withTransactions(summary, await readNeededTransactions(trx, budgetId, toRead))
    const projection = startProjection()
    const pending: PendingEvent[] = []
    let state = openForChanges(before)
    for (const [index, command] of resolved.entries()) {
      const decision = decide(command, state)
      if (Result.isFailure(decision)) throw domainRefusal(decision.failure, batch ? index : undefined)
      for (const event of decision.success) {
        touch(projection, state, event)
        // Deleting a category rewrites transactions while iterating them: never on a map changing in place.
        state =
          event._tag === 'CategoryDeleted'
            ? openForChanges(evolve(closeForChanges(state), event))
            : evolve(state, event)
        pending.push({ event, commandId: command.commandId })
      }
    }
    state = closeForChanges(state)
    const version = head.version + pending.length
    // Events, read models, the notification and the answer: one round trip where their tables allow.
    const out = statementBatch(trx)
    let appended: StoredEvent[] = []
    if (pending.length > 0) {
      appended = await appendEvents(out, budgetId, head.version, actor, at, pending)
      await projectChanges(out, budgetId, before, state, projection, version)
      await ledger.notifier.inTransaction(out, budgetId, version)
    }
    const body = request.answer(state, version, appended)
    const status = pending.length === 0 ? (request.unchangedStatus ?? request.status) : request.status
    if (request.commandId !== undefined) {
      await saveAnswer(out, budgetId, request.commandId, {
        version,
        status,
        body,
        digest: request.digest ?? null,
      })
    }
    await out.flush()
    return {
      version,
      status,
      body,
      state,
      changed: pending.length > 0,
      grewFrom: before.transactionCount,
    }
  })
  if (outcome.state !== undefined) {
    // Only the summary stays: a budget's memory does not grow with its transactions.
    ledger.cache.put(budgetId, { version: outcome.version, state: summaryOf(outcome.state) })
    if ('changed' in outcome && outcome.changed) ledger.notifier.committed(budgetId, outcome.version)
    if ('grewFrom' in outcome) ledger.statistics.grew(outcome.grewFrom, outcome.state.transactionCount)
  }
  return { status: outcome.status, body: outcome.body, version: outcome.version }
}
