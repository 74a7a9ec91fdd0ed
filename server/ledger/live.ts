import { randomUUID } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { BudgetParams, EventsQuery } from '../../schemas/ledgerApi.ts'
import { makeProblem, ProblemError } from '../http/problem.ts'
import { decodeRequestPart } from '../http/route.ts'
import { callerId, readableHead } from './http.ts'
import { readEvents, streamHead } from './store.ts'
import type { LedgerDb } from './tables.ts'

const page = 500
const keepAliveMs = 15_000
/**
 * Sent to a member's stream when the budget's members changed (someone joined, left or was removed, an access
 * changed, the budget was handed over): an SSE comment, so it carries no id and clients counting event seqs (and
 * parsers that only report events) never see it. A client that does read comments re-reads its access, the members
 * and presence (docs/sharing.md, "Live changes of access").
 */
export const membersChangedComment = 'members-changed'

/** How long a stream trusts the credential it was opened with. */
export interface LiveStreamSettings {
  /** An idle stream checks its credential and membership this often (one before each delivery regardless). */
  readonly recheckEveryMs: number
  /** Then it ends, and the client opens a new one (with its current token), resuming after the last event. */
  readonly maxLifetimeMs: number
}

export const defaultLiveStreamSettings: LiveStreamSettings = {
  recheckEveryMs: 15_000,
  maxLifetimeMs: 10 * 60_000,
}

const lastEventIdOf = (header: string | string[] | undefined, after: number | undefined): number => {
  const text = Array.isArray(header) ? header[0] : header
  if (text === undefined) return after ?? 0
  if (!/^\d{1,15}$/u.test(text))
    throw new ProblemError(makeProblem(400, 'bad_request', 'Last-Event-ID must be an event seq.'))
  return Number(text)
}

/**
 * GET /api/budget/{id}/events/stream: Server-Sent Events, one per stored event (`id` = seq, `event` = type,
 * `data` = what `GET …/events` lists: seq, type, data (the event), commandId, actorUserId, recordedAt).
 * Resumes after `Last-Event-ID` (or ?after=N); woken by the notifier, it reads by seq, so a missed or duplicated
 * notification never loses or repeats an event.
 *
 * The caller is checked again before each delivery and every `recheckEveryMs` (a revoked personal token, an expired
 * or signed-out access token, a disabled user, a lost membership): the stream ends then, as it does after
 * `maxLifetimeMs`. Ending says nothing more: the client reconnects, and its next request meets the API's answer.
 * A change of the budget's members (a removal, a guest leaving, an access change, a handover) makes every stream of
 * the budget check at once, so a removed member's streams end within a moment; a member's stream then gets the
 * comment `: members-changed` (see membersChangedComment) to re-read its access, the members and presence.
 *
 * Presence (server/sharing/README.md): an open stream is a `budget_presence` row, written when it opens, refreshed
 * (with the member's `last_active_at`) at each periodic check and deleted when it ends.
 */
export const mountLiveStream = (app: FastifyInstance) => {
  /** Each open stream's way to end (and forget its presence row). */
  const open = new Map<ServerResponse, () => Promise<void>>()
  app.addHook('preClose', async () => {
    await Promise.all([...open.values()].map((finish) => finish()))
  })
  app.get('/api/budget/:budgetId/events/stream', async (request, reply) => {
    // decodeRequestPart returns what the given schema decoded; this raw route (SSE) cannot use defineRoute's typing.
    const { budgetId } = decodeRequestPart('params', BudgetParams, request.params) as typeof BudgetParams.Type
    const query = decodeRequestPart('query', EventsQuery, request.query) as typeof EventsQuery.Type
    await readableHead(request, budgetId)
    let sent = lastEventIdOf(request.headers['last-event-id'], query.after)
    const { ledger } = request.server
    const settings = ledger.live
    const userId = callerId(request)
    reply.hijack()
    const response = reply.raw
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    })
    response.write('retry: 2000\n\n')
    const connectionId = randomUUID()
    let timers: ReturnType<typeof setTimeout>[] = []
    let unsubscribe = () => {}
    // Presence writes run one after another, so the row's deletion when the stream ends comes after every write.
    let presence: Promise<void> = Promise.resolve()
    const present = (write: () => Promise<void>) => {
      presence = presence
        .then(write)
        .catch((error: unknown) => request.log.warn({ err: error }, 'event stream presence not written'))
      return presence
    }
    let forgotten: Promise<void> | undefined
    const finish = (): Promise<void> => {
      unsubscribe()
      for (const timer of timers) clearTimeout(timer)
      timers = []
      open.delete(response)
      if (!response.writableEnded) response.end()
      forgotten ??= present(() => forgetPresence(ledger.db, budgetId, connectionId))
      return forgotten
    }
    const seen = () =>
      forgotten === undefined
        ? present(() => seePresence(ledger.db, budgetId, connectionId, userId, ledger.clock()))
        : forgotten
    open.set(response, finish)
    const stillAllowed = async () => {
      const [allowed, head] = await Promise.all([
        request.server.callerStillAllowed(request),
        streamHead(ledger.db, budgetId, userId),
      ])
      if (allowed && head !== undefined && !head.deleted) return true
      request.log.info({ budgetId }, 'event stream ended: its caller is no longer allowed')
      return false
    }
    let pumping = false
    let again = false
    const pump = async (): Promise<void> => {
      if (pumping) {
        again = true
        return
      }
      pumping = true
      try {
        do {
          again = false
          const events = await readEvents(ledger.db, budgetId, sent, page)
          if (events.length > 0 && !(await stillAllowed())) return finish()
          for (const stored of events) {
            if (response.writableEnded) return
            response.write(`id: ${stored.seq}\nevent: ${stored.type}\ndata: ${JSON.stringify(stored)}\n\n`)
            sent = stored.seq
          }
          if (events.length === page) again = true
        } while (again)
      } finally {
        pumping = false
      }
    }
    const wake = () => {
      pump().catch((error: unknown) => request.log.error({ err: error }, 'event stream failed'))
    }
    const check = (refresh: boolean, tell = false) => {
      stillAllowed()
        .then(async (allowed) => {
          if (!allowed) return finish()
          if (tell && !response.writableEnded) response.write(`: ${membersChangedComment}\n\n`)
          if (refresh) await seen()
        })
        .catch((error: unknown) => request.log.error({ err: error }, 'event stream check failed'))
    }
    const unsubscribeEvents = ledger.notifier.subscribe(budgetId, wake)
    const unsubscribeMembers = ledger.notifier.subscribeMembers(budgetId, () => check(false, true))
    unsubscribe = () => {
      unsubscribeEvents()
      unsubscribeMembers()
    }
    const ping = setInterval(() => response.write(': keep-alive\n\n'), keepAliveMs)
    const recheck = setInterval(() => check(true), settings.recheckEveryMs)
    timers = [ping, recheck, setTimeout(finish, settings.maxLifetimeMs)]
    response.on('close', () => {
      void finish()
    })
    await seen()
    wake()
  })
}

/**
 * The stream is open now: its presence row (inserted, or refreshed; an upsert, so a row cleared as stale comes back)
 * and the member's last activity.
 */
const seePresence = async (
  db: LedgerDb,
  budgetId: string,
  connectionId: string,
  userId: string,
  now: Date,
): Promise<void> => {
  await db
    .insertInto('budget_presence')
    .values({ budget_id: budgetId, connection_id: connectionId, user_id: userId, seen_at: now })
    .onConflict((conflict) => conflict.columns(['budget_id', 'connection_id']).doUpdateSet({ seen_at: now }))
    .execute()
  await db
    .updateTable('budget_members')
    .set({ last_active_at: now })
    .where('budget_id', '=', budgetId)
    .where('user_id', '=', userId)
    .execute()
}

const forgetPresence = async (db: LedgerDb, budgetId: string, connectionId: string): Promise<void> => {
  await db
    .deleteFrom('budget_presence')
    .where('budget_id', '=', budgetId)
    .where('connection_id', '=', connectionId)
    .execute()
}
