import { EventEmitter } from 'node:events'
import { type Kysely, sql } from 'kysely'
import pg from 'pg'
import type { Statements } from '../db/statementBatch.ts'

/**
 * Tells live streams that a budget has new events, or that its members changed (one joined, was removed or left, an
 * access changed, the budget was handed over or went with an account): each stream of the budget then checks its
 * caller again, ends if they lost access, and otherwise tells its client (`: members-changed`, server/ledger/live.ts). On
 * PostgreSQL the writer's NOTIFY is delivered at commit to every server instance (each LISTENs on one connection); on
 * PGlite (one process) an in-process emitter does.
 */
export interface Notifier {
  /** Inside the writing transaction: PostgreSQL sends the notification only if it commits. */
  inTransaction<T>(out: Statements<T>, budgetId: string, version: number): Promise<void>
  /** After the commit: the in-process emitter announces here. */
  committed(budgetId: string, version: number): void
  subscribe(budgetId: string, listener: (version: number) => void): () => void
  /**
   * The budget's members changed. With `db` a transaction, PostgreSQL delivers the signal at its commit; PGlite's one
   * connection runs the streams' checks only after the transaction that signalled, so they see its outcome too.
   */
  membersChanged<T>(db: Kysely<T>, budgetId: string): Promise<void>
  subscribeMembers(budgetId: string, listener: () => void): () => void
  close(): Promise<void>
}

const channel = 'koperta_budget_events'
const membersChannel = 'koperta_budget_members'
/** Member signals share the emitter with event signals under another key. */
const membersKey = (budgetId: string) => `members ${budgetId}`

const subscribeOn = (emitter: EventEmitter) => (budgetId: string, listener: (version: number) => void) => {
  emitter.on(budgetId, listener)
  return () => {
    emitter.off(budgetId, listener)
  }
}

const newEmitter = () => {
  const emitter = new EventEmitter()
  // One listener per open stream; the default warning at 10 is for leaks, not for many open browser tabs.
  emitter.setMaxListeners(0)
  return emitter
}

export const createLocalNotifier = (): Notifier => {
  const emitter = newEmitter()
  return {
    inTransaction: async () => {},
    committed: (budgetId, version) => {
      emitter.emit(budgetId, version)
    },
    subscribe: subscribeOn(emitter),
    membersChanged: async (_db, budgetId) => {
      emitter.emit(membersKey(budgetId))
    },
    subscribeMembers: (budgetId, listener) => subscribeOn(emitter)(membersKey(budgetId), listener),
    close: async () => {
      emitter.removeAllListeners()
    },
  }
}

export const createPostgresNotifier = async (
  connectionString: string,
  onError: (error: Error) => void,
): Promise<Notifier> => {
  const emitter = newEmitter()
  let closed = false
  let client: pg.Client | undefined
  const connect = async () => {
    const next = new pg.Client({ connectionString })
    next.on('notification', (message) => {
      if (message.channel === membersChannel) {
        if (message.payload) emitter.emit(membersKey(message.payload))
        return
      }
      const [budgetId, version] = (message.payload ?? '').split(' ')
      if (budgetId) emitter.emit(budgetId, Number(version))
    })
    next.on('error', (error) => {
      onError(error)
      if (closed) return
      // Reconnect; a stream that missed a notification catches up at the next one (it reads by seq).
      setTimeout(() => {
        if (!closed) connect().catch(onError)
      }, 1_000)
    })
    await next.connect()
    await next.query(`listen ${channel}`)
    await next.query(`listen ${membersChannel}`)
    client = next
  }
  await connect()
  return {
    inTransaction: async (out, budgetId, version) => {
      await out.alongside(sql`select pg_notify(${channel}, ${`${budgetId} ${version}`})`)
    },
    committed: () => {},
    subscribe: subscribeOn(emitter),
    membersChanged: async (db, budgetId) => {
      await sql`select pg_notify(${membersChannel}, ${budgetId})`.execute(db)
    },
    subscribeMembers: (budgetId, listener) => subscribeOn(emitter)(membersKey(budgetId), listener),
    close: async () => {
      closed = true
      emitter.removeAllListeners()
      await client?.end().catch(() => {})
    },
  }
}
