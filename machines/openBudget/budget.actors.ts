import { fromCallback, fromPromise } from 'xstate'
import type { BudgetCommand } from '../../schemas/budgetCommands.ts'
import type { BudgetId, CommandId } from '../../schemas/ids.ts'
import type {
  AccessOutcome,
  BudgetAccessInfo,
  BudgetPort,
  LoadOutcome,
  SendOutcome,
  SequencedEvent,
} from './budget.port.ts'
import { type SummaryAheadRef, takeSummaryAhead } from './summaryAhead.machine.ts'

type PortInput = { readonly port: BudgetPort; readonly budgetId: BudgetId }

export type LoadBudgetInput = PortInput & {
  readonly summary: boolean
  /** The summary read while the app loaded the budget's code, if any: its answer is taken instead of a new read. */
  readonly ahead?: SummaryAheadRef | undefined
}

/**
 * One read of the budget: its summary (domain/summary.ts) when asked and the port offers one, else the whole state.
 * A port that throws (a bug, not an expected failure) still answers with a value: SPEC §8's bare 500 toast.
 */
export const loadBudget = fromPromise<LoadOutcome, LoadBudgetInput>(async ({ input, signal }) => {
  try {
    const { port } = input
    if (!input.summary || port.loadSummary === undefined) return await port.load(input.budgetId, signal)
    // An early read stopped before it answered (another budget opened meanwhile) is simply not used.
    const ahead =
      input.ahead === undefined ? undefined : await takeSummaryAhead(input.ahead).catch(() => undefined)
    return await port.loadSummary(input.budgetId, signal, ahead)
  } catch {
    return { ok: false, error: {} }
  }
})

export type SendCommandInput = PortInput & { readonly command: BudgetCommand; readonly version: number }
export type SendCommandOutput = { readonly commandId: CommandId; readonly result: SendOutcome }

export const sendCommand = fromPromise<SendCommandOutput, SendCommandInput>(async ({ input, signal }) => {
  const { commandId } = input.command
  try {
    const result = await input.port.send(
      input.budgetId,
      input.command,
      { ifMatch: input.version, commandId },
      signal,
    )
    return { commandId, result }
  } catch {
    return { commandId, result: { outcome: 'failed', error: {} } }
  }
})

export type EventsReceived = { type: 'budget.eventsReceived'; events: ReadonlyArray<SequencedEvent> }
export type StreamUnreadable = { type: 'budget.streamUnreadable' }
export type StreamReconnected = { type: 'budget.streamReconnected' }
/** The server said the budget's members changed: the caller's access, or who is here, may have. */
export type MembersChanged = { type: 'budget.membersChanged' }
/** The stream was answered 404: no longer a member, or the budget was deleted (the subscription has ended). */
export type StreamGone = { type: 'budget.streamGone' }

/** The live stream (SSE) from the version the actor holds; restarted after every re-read. */
export const budgetEvents = fromCallback<
  EventsReceived | StreamUnreadable | StreamReconnected | StreamGone | MembersChanged,
  PortInput & { readonly afterSeq: number }
>(({ input, sendBack }) =>
  input.port.subscribe(
    input.budgetId,
    input.afterSeq,
    (events) => sendBack({ type: 'budget.eventsReceived', events }),
    () => sendBack({ type: 'budget.streamUnreadable' }),
    () => sendBack({ type: 'budget.streamReconnected' }),
    () => sendBack({ type: 'budget.streamGone' }),
    () => sendBack({ type: 'budget.membersChanged' }),
  ),
)

export type AccessRead = { type: 'budget.accessRead'; access: BudgetAccessInfo | null }
export type AccessRefresh = { type: 'access.refresh' }

/**
 * Reads the caller's access at once and again on every `access.refresh`; a newer read aborts an older one, so the
 * last answer wins. A failed read keeps what is known (the server refuses what it must anyway).
 */
export const accessReader = fromCallback<AccessRefresh, PortInput>(({ input, sendBack, receive }) => {
  const { readAccess } = input.port
  if (readAccess === undefined) return () => {}
  let current: AbortController | null = null
  const read = () => {
    current?.abort()
    const controller = new AbortController()
    current = controller
    readAccess(input.budgetId, controller.signal).then(
      (outcome: AccessOutcome) => {
        if (outcome.ok && !controller.signal.aborted)
          sendBack({ type: 'budget.accessRead', access: outcome.access } satisfies AccessRead)
      },
      () => {},
    )
  }
  read()
  receive((event) => {
    if (event.type === 'access.refresh') read()
  })
  return () => current?.abort()
})
