import type { ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { BudgetParams, EventsQuery } from '../../schemas/ledgerApi.ts'
import { makeProblem, ProblemError } from '../http/problem.ts'
import { decodeRequestPart } from '../http/route.ts'
import { readableHead } from './http.ts'
import { readEvents } from './store.ts'

const page = 500
const keepAliveMs = 15_000

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
 */
export const mountLiveStream = (app: FastifyInstance) => {
  const open = new Set<ServerResponse>()
  app.addHook('preClose', async () => {
    for (const response of open) response.end()
  })
  app.get('/api/budget/:budgetId/events/stream', async (request, reply) => {
    // decodeRequestPart returns what the given schema decoded; this raw route (SSE) cannot use defineRoute's typing.
    const { budgetId } = decodeRequestPart('params', BudgetParams, request.params) as typeof BudgetParams.Type
    const query = decodeRequestPart('query', EventsQuery, request.query) as typeof EventsQuery.Type
    await readableHead(request, budgetId)
    let sent = lastEventIdOf(request.headers['last-event-id'], query.after)
    const { ledger } = request.server
    reply.hijack()
    const response = reply.raw
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    })
    response.write('retry: 2000\n\n')
    open.add(response)
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
    const unsubscribe = ledger.notifier.subscribe(budgetId, wake)
    const ping = setInterval(() => response.write(': keep-alive\n\n'), keepAliveMs)
    response.on('close', () => {
      unsubscribe()
      clearInterval(ping)
      open.delete(response)
    })
    wake()
  })
}
