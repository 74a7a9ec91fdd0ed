import * as Option from 'effect/Option'
import * as Schema from 'effect/Schema'
import { createParser } from 'eventsource-parser'
import { HTTPError, TimeoutError } from 'ky'
import { fromSnapshotInSteps } from '../../domain/snapshot.ts'
import type { CategoryMonthOutcome } from '../../machines/openBudget/categoryMonth.machine.ts'
import type { BudgetPort, LoadOutcome, SendOutcome, SequencedEvent } from '../../machines/openBudget/index.ts'
import type { AheadAnswer } from '../../machines/openBudget/summaryAhead.machine.ts'
import { BudgetStateAnswer } from '../../schemas/budgetSnapshot.ts'
import { type BudgetId, type CategoryId, CommandId } from '../../schemas/ids.ts'
import { EventPage, StoredEvent, TransactionPage } from '../../schemas/ledgerApi.ts'
import type { PeriodKey } from '../../schemas/money.ts'
import { type ApiClient, apiErrorOf } from '../api/client.ts'
import { domainRefusalOf } from '../openBudget/refusal.ts'
import { stateUrl } from '../openBudget/summaryAhead.ts'

const decodeStoredEvent = Schema.decodeUnknownOption(Schema.fromJsonString(StoredEvent))

/** One message of the event stream, or undefined when this app cannot read it (e.g. a newer server's event type). */
const readStoredEvent = (data: string) => Option.getOrUndefined(decodeStoredEvent(data))

const sequenced = (stored: typeof StoredEvent.Type): SequencedEvent => ({
  seq: stored.seq,
  commandId: stored.commandId === null ? null : CommandId.make(stored.commandId),
  event: stored.data,
})

const base = (budgetId: string) => `/api/budget/${encodeURIComponent(budgetId)}`

/**
 * Lets the browser paint and handle input between the steps of turning a big answer into a state; `scheduler.yield`
 * resumes ahead of other queued work where the browser has it.
 */
const yieldToBrowser = (): Promise<void> =>
  globalThis.scheduler?.yield() ?? new Promise<void>((resolve) => setTimeout(resolve, 0))

/** The early read's body, or its failure thrown as the read's own (it is reported like one). */
const bodyOf = (ahead: AheadAnswer): unknown => {
  if (!ahead.ok) throw ahead.error
  return ahead.body
}

/**
 * One read of the state at its version: whole, or its summary without the transactions (`partial`). A summary
 * read ahead (while the app loaded) is decoded instead of read again.
 */
const readState = async (
  api: ApiClient,
  budgetId: BudgetId,
  signal: AbortSignal,
  part: 'full' | 'summary',
  ahead?: AheadAnswer,
): Promise<LoadOutcome> => {
  try {
    const body =
      ahead === undefined
        ? await api.getJson(stateUrl(budgetId, part), Schema.Unknown, { signal })
        : bodyOf(ahead)
    await yieldToBrowser()
    const answer = await Schema.decodeUnknownPromise(BudgetStateAnswer)(body)
    await yieldToBrowser()
    const steps = fromSnapshotInSteps(answer.state)
    let step = steps.next()
    while (step.done !== true) {
      await yieldToBrowser()
      step = steps.next()
    }
    const state = step.value
    // The first render of the state (a whole month) gets a task of its own.
    await yieldToBrowser()
    return part === 'summary'
      ? { ok: true, state, version: answer.version, partial: true }
      : { ok: true, state, version: answer.version }
  } catch (error) {
    return { ok: false, error: apiErrorOf(error) }
  }
}

/**
 * One category's transactions in one month from the server's page (newest first; a category with more than
 * 1 000 transactions in a month lists its newest 1 000), for an inspector while the budget holds only its summary.
 */
export const readCategoryMonth = async (
  api: ApiClient,
  budgetId: BudgetId,
  categoryId: CategoryId,
  periodKey: PeriodKey,
  signal: AbortSignal,
): Promise<CategoryMonthOutcome> => {
  const query = new URLSearchParams({ categoryId, period: periodKey, limit: '1000' })
  try {
    const page = await api.getJson(`${base(budgetId)}/transactions?${query}`, TransactionPage, { signal })
    return { ok: true, transactions: page.items }
  } catch (error) {
    return { ok: false, error: apiErrorOf(error) }
  }
}

const isOffline = (error: unknown) =>
  error instanceof TimeoutError || (error instanceof TypeError && !(error instanceof HTTPError))

/** The ledger as the open-budget actor sees it: events in, commands out, over the app's one HTTP client. */
export const createBudgetPort = (api: ApiClient): BudgetPort => ({
  now: () => Date.now(),
  newId: () => crypto.randomUUID(),

  // The summary (everything but the transactions) shows the month at once; `load` brings the rest right after.
  load: (budgetId, signal) => readState(api, budgetId, signal, 'full'),
  loadSummary: (budgetId, signal, ahead) => readState(api, budgetId, signal, 'summary', ahead),
  readCategoryMonth: (budgetId, categoryId, periodKey, signal) =>
    readCategoryMonth(api, budgetId, categoryId, periodKey, signal),

  async send(budgetId, command, { ifMatch, commandId }, signal): Promise<SendOutcome> {
    const { commandId: _id, at: _at, userId: _user, ...draft } = command
    try {
      const answer = await api.postJson(`${base(budgetId)}/commands`, { command: draft }, EventPage, {
        signal,
        headers: { 'if-match': `"${ifMatch}"`, 'idempotency-key': commandId },
        // The command id makes a resend safe, so an unanswered write is retried like a read.
        retry: { limit: 2, methods: ['post'], statusCodes: [408, 502, 503, 504] },
      })
      return { outcome: 'accepted', events: answer.events.map(sequenced), version: answer.version }
    } catch (error) {
      if (error instanceof HTTPError) {
        if (error.response.status === 412) return { outcome: 'stale' }
        const refusal = domainRefusalOf(error)
        if (refusal !== undefined) return { outcome: 'refused', error: refusal }
        return { outcome: 'failed', error: apiErrorOf(error) }
      }
      if (isOffline(error)) return { outcome: 'offline' }
      return { outcome: 'failed', error: apiErrorOf(error) }
    }
  },

  subscribe(budgetId, afterSeq, onEvents, onUnreadable, onReconnect, onGone, onMembersChanged) {
    const controller = new AbortController()
    let last = afterSeq
    let opened = false
    const listen = async () => {
      // EventSource cannot send a bearer token, so the stream is read with fetch; on a drop it resumes after the
      // last seq it delivered (the actor re-reads if it ever sees a gap).
      while (!controller.signal.aborted) {
        try {
          const response = await api.openStream(`${base(budgetId)}/events/stream?after=${last}`, {
            headers: { accept: 'text/event-stream' },
            signal: controller.signal,
          })
          if (response.body === null) throw new Error('event stream without a body')
          // Back after a drop: whatever was missed meanwhile (access, presence) is worth reading again.
          if (opened) onReconnect?.()
          opened = true
          const parser = createParser({
            onEvent: (message) => {
              const stored = readStoredEvent(message.data)
              if (stored === undefined) {
                // Reading on would skip it, and resuming would bring it back forever.
                controller.abort()
                onUnreadable()
                return
              }
              if (stored.seq <= last) return
              last = stored.seq
              onEvents([sequenced(stored)])
            },
            // A comment, not an event: it carries no seq, and older apps skip it (server/ledger/live.ts).
            onComment: (comment) => {
              if (comment.trim() === 'members-changed') onMembersChanged?.()
            },
          })
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
          for (;;) {
            const { value, done } = await reader.read()
            if (done) break
            parser.feed(value)
          }
        } catch (error) {
          if (controller.signal.aborted) return
          // 404: the caller is no longer a member (removed, left elsewhere, budget deleted). Trying again would
          // only meet 404 again; the actor finds out what happened and restarts the stream if the budget is there.
          if (error instanceof HTTPError && error.response.status === 404) {
            controller.abort()
            onGone?.()
            return
          }
        }
        await new Promise((resolve) => setTimeout(resolve, api.signedIn() ? 1_000 : 5_000))
      }
    }
    void listen()
    return () => controller.abort()
  },
})
