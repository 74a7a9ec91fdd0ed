import { type Kysely, sql } from 'kysely'
import type { BudgetEvent } from '../../schemas/budgetEvents.ts'
import type { CommandId, UserId } from '../../schemas/ids.ts'
import type { StoredEvent } from '../../schemas/ledgerApi.ts'
import type { Instant } from '../../schemas/money.ts'
import { jsonbParameter } from '../db/jsonParameters.ts'
import type { Statements } from '../db/statementBatch.ts'
import { amount, type LedgerTables } from './tables.ts'

// The event store: append-only `budget_events`, one stream per budget, `seq` contiguous from 1. The `budgets`
// row holds the stream's version and is the row writers lock.

type Db = Kysely<LedgerTables>

export interface StreamHead {
  readonly version: number
  readonly deleted: boolean
  readonly role: 'Owner' | 'Guest'
  /** The caller's access (an Owner always edits): checked before a write decides anything. */
  readonly access: 'Edit' | 'Read'
}

/** The budget's row joined to the user's membership: no row when either is missing. */
const memberBudget = (db: Db, budgetId: string, userId: string) =>
  db
    .selectFrom('budgets as b')
    .innerJoin('budget_members as m', (join) =>
      join.onRef('m.budget_id', '=', 'b.id').on('m.user_id', '=', userId),
    )
    .where('b.id', '=', budgetId)

const headOf = (row: {
  version: number | string
  deleted: boolean
  role: StreamHead['role']
  access: StreamHead['access']
}): StreamHead => ({
  version: amount(row.version),
  deleted: row.deleted,
  role: row.role,
  access: row.access,
})

/**
 * Locks the stream row of a budget the user is a member of (FOR UPDATE: concurrent writers queue here, so
 * none reads a stale version on PostgreSQL), and reads the answer already given to `commandId` in the same round
 * trip (the app sends a command id with every write). Undefined when there is no such budget or no membership.
 *
 * A writer that waited for the lock gets the row as the holder committed it, but the rest of the statement still
 * sees the database as it was when the statement began (PostgreSQL's read committed): a racing retry of the same
 * command would miss the answer its twin has just stored and append again (`budget_commands_pk` then refuses it:
 * a 500). So the statement also reads the version through its own snapshot; when the two differ, the stream moved
 * while this writer waited, and the answer is looked up again, in a new statement that sees the commit.
 */
export const lockStream = async (
  trx: Db,
  budgetId: string,
  userId: string,
  commandId?: string,
): Promise<(StreamHead & { readonly earlier: StoredAnswer | undefined }) | undefined> => {
  const row = await memberBudget(trx, budgetId, userId)
    .leftJoin('budget_commands as c', (join) =>
      join.onRef('c.budget_id', '=', 'b.id').on('c.command_id', '=', commandId ?? null),
    )
    .select([
      'b.version',
      'b.deleted',
      'm.role',
      'm.access',
      'c.version as answer_version',
      'c.status',
      'c.response',
      'c.request_digest',
      sql<string | number>`(select version from budgets where id = ${budgetId})`.as('seen_version'),
    ])
    .modifyEnd(sql`for update of b`)
    .executeTakeFirst()
  if (row === undefined) return undefined
  const head = headOf(row)
  if (row.answer_version !== null && row.status !== null) {
    const earlier = {
      version: amount(row.answer_version),
      status: row.status,
      body: row.response,
      digest: row.request_digest,
    }
    return { ...head, earlier }
  }
  const moved = amount(row.seen_version) !== head.version
  if (commandId === undefined || !moved) return { ...head, earlier: undefined }
  const stored = await trx
    .selectFrom('budget_commands')
    .select(['version', 'status', 'response', 'request_digest'])
    .where('budget_id', '=', budgetId)
    .where('command_id', '=', commandId)
    .executeTakeFirst()
  const earlier = stored && {
    version: amount(stored.version),
    status: stored.status,
    body: stored.response,
    digest: stored.request_digest,
  }
  return { ...head, earlier }
}

/** The version and the caller's role and access, without locking (reads). */
export const streamHead = async (
  db: Db,
  budgetId: string,
  userId: string,
): Promise<StreamHead | undefined> => {
  const row = await memberBudget(db, budgetId, userId)
    .select(['b.version', 'b.deleted', 'm.role', 'm.access'])
    .executeTakeFirst()
  return row && headOf(row)
}

export type { StoredEvent } from '../../schemas/ledgerApi.ts'

export interface PendingEvent {
  readonly event: BudgetEvent
  readonly commandId: CommandId
}

/**
 * Appends events after `version`, as `actorUserId` did them at `recordedAt` (the write's instant, which its answer
 * carries too), and answers them as stored; the primary key (budget_id, seq) refuses a gap-filling or racing writer.
 * One JSON parameter ([command id, event] pairs): a bulk import of thousands of events stays one small statement.
 */
export const appendEvents = async (
  out: Statements<LedgerTables>,
  budgetId: string,
  version: number,
  actorUserId: UserId,
  recordedAt: Instant,
  events: readonly PendingEvent[],
): Promise<StoredEvent[]> => {
  const rows = JSON.stringify(events.map((pending) => [pending.commandId, pending.event]))
  await out.change(
    sql`
    insert into budget_events (budget_id, seq, type, data, actor_user_id, command_id, recorded_at)
    select ${budgetId}, ${version} + ordinality, e->1->>'_tag', e->1, ${actorUserId}, e->>0, ${recordedAt}::timestamptz
    from jsonb_array_elements(${jsonbParameter(rows)}::jsonb) with ordinality as r(e, ordinality)
  `,
    'budget_events',
  )
  return events.map(({ event, commandId }, index) => ({
    seq: version + index + 1,
    type: event._tag,
    data: event,
    commandId,
    actorUserId,
    recordedAt,
  }))
}

/** Events after `afterSeq`, in order; `limit` bounds a page. */
export const readEvents = async (
  db: Db,
  budgetId: string,
  afterSeq: number,
  limit?: number,
): Promise<StoredEvent[]> => {
  let query = db
    .selectFrom('budget_events')
    .select(['seq', 'data', 'command_id', 'actor_user_id', 'recorded_at'])
    .where('budget_id', '=', budgetId)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
  if (limit !== undefined) query = query.limit(limit)
  const rows = await query.execute()
  return rows.map((row) => {
    // The store only holds events, ids and instants this server wrote from typed values; re-decoding 100 000 of
    // them at every cold load would cost seconds for nothing.
    const data = row.data as BudgetEvent
    return {
      seq: amount(row.seq),
      type: data._tag,
      data,
      commandId: row.command_id as CommandId,
      actorUserId: row.actor_user_id as UserId,
      recordedAt: row.recorded_at.toISOString() as Instant,
    }
  })
}

export interface StoredAnswer {
  readonly version: number
  readonly status: number
  readonly body: unknown
  /** Digest of the request that used the command id (`http.ts#requestDigest`); null on rows from before it. */
  readonly digest: string | null
}

export const saveAnswer = async (
  out: Statements<LedgerTables>,
  budgetId: string,
  commandId: string,
  answer: StoredAnswer,
): Promise<void> => {
  await out.change(
    out.db.insertInto('budget_commands').values({
      budget_id: budgetId,
      command_id: commandId,
      version: answer.version,
      status: answer.status,
      response: JSON.stringify(answer.body ?? null),
      ...(answer.digest === null ? {} : { request_digest: answer.digest }),
    }),
    'budget_commands',
  )
}
