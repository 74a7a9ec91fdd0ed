import * as HashMap from 'effect/HashMap'
import * as Result from 'effect/Result'
import { createActor } from 'xstate'
import { decide } from '../../../domain/decide.ts'
import { evolve } from '../../../domain/evolve.ts'
import { type BudgetState, initialState } from '../../../domain/state.ts'
import type { BudgetAccessInfo } from '../../../machines/openBudget/budget.port.ts'
import type { CategoryMonthOutcome } from '../../../machines/openBudget/categoryMonth.machine.ts'
import {
  type BudgetPort,
  budgetMachine,
  type CommandDraft,
  type LoadOutcome,
  type SendOutcome,
  type SequencedEvent,
  stamp,
} from '../../../machines/openBudget/index.ts'
import type { AheadAnswer } from '../../../machines/openBudget/summaryAhead.machine.ts'
import { type ApiErrorLike, toastsMachine } from '../../../machines/toasts/index.ts'
import type { Transaction } from '../../../schemas/budget.ts'
import type { BudgetCommand } from '../../../schemas/budgetCommands.ts'
import type { BudgetError } from '../../../schemas/budgetErrors.ts'
import {
  BankAccountId,
  BudgetId,
  CategoryGroupId,
  CategoryId,
  CommandId,
  TransactionId,
  UserId,
} from '../../../schemas/ids.ts'
import { CurrencyCode, Instant, IsoDate, Minor, PeriodKey } from '../../../schemas/money.ts'

export const BUDGET = BudgetId.make('budget-1')
export const ME = UserId.make('user-me')
export const OTHER = UserId.make('user-other')
export const NOVEMBER = PeriodKey.make('202611')
export const ids = {
  uncategorizedGroup: CategoryGroupId.make('group-uncat'),
  uncategorized: CategoryId.make('cat-uncat'),
  readyToAssign: CategoryId.make('cat-ready-to-assign'),
  everyday: CategoryGroupId.make('group-everyday'),
  groceries: CategoryId.make('cat-groceries'),
  rent: CategoryId.make('cat-rent'),
  salary: CategoryId.make('cat-salary'),
  checking: BankAccountId.make('acct-checking'),
  savings: BankAccountId.make('acct-savings'),
} as const
export const pln = (grosze: number) => Minor.make(grosze)

/** A PLN budget: Everyday (Groceries, Rent), Salary (Income), checking with 5 000,00 zł opened 2026-11-01. */
export const SEED: ReadonlyArray<CommandDraft> = [
  {
    _tag: 'CreateBudget',
    budgetId: BUDGET,
    name: 'Dom',
    currency: CurrencyCode.make('PLN'),
    uncategorizedGroupId: ids.uncategorizedGroup,
    uncategorizedCategoryId: ids.uncategorized,
    incomeCategoryId: ids.readyToAssign,
  },
  { _tag: 'CreateCategoryGroup', categoryGroupId: ids.everyday, name: 'Everyday' },
  {
    _tag: 'CreateCategory',
    categoryId: ids.groceries,
    categoryGroupId: ids.everyday,
    name: 'Groceries',
    type: 'Expense',
  },
  {
    _tag: 'CreateCategory',
    categoryId: ids.rent,
    categoryGroupId: ids.everyday,
    name: 'Rent',
    type: 'Expense',
  },
  {
    _tag: 'CreateCategory',
    categoryId: ids.salary,
    categoryGroupId: ids.everyday,
    name: 'Salary',
    type: 'Income',
  },
  {
    _tag: 'OpenBankAccount',
    bankAccountId: ids.checking,
    name: 'Checking',
    type: 'unconnected',
    balance: pln(500_000),
    date: IsoDate.make('2026-11-01'),
  },
]

type Held = { readonly command: BudgetCommand; readonly ifMatch: number; release: () => void }

let otherCounter = 0

/**
 * An in-memory ledger server speaking the port's protocol with the real domain: If-Match → 412, decide → 422,
 * command ids idempotent, a stream to subscribers. Tests choose when answers and stream pushes arrive.
 */
export const createFakeLedger = (seed: ReadonlyArray<CommandDraft> = SEED) => {
  let state: BudgetState = initialState
  const log: SequencedEvent[] = []
  const answered = new Map<string, SendOutcome>()
  const subscribers = new Set<{
    afterSeq: number
    onEvents: (events: ReadonlyArray<SequencedEvent>) => void
    onUnreadable: () => void
    onReconnect: (() => void) | undefined
    onGone: (() => void) | undefined
    onMembersChanged: (() => void) | undefined
  }>()
  const control = {
    /** Answers wait until released (the request is "on the wire"). */
    hold: false,
    /** Writes reach the stream at once; false keeps them for an explicit push(). */
    autoPush: true,
    offline: false,
    loadFails: false,
    /** Reads answer 404 (the caller is no longer a member, or the budget was deleted). */
    loadMissing: false,
    /** Reads wait until releaseLoad(). */
    holdLoads: false,
    /** The first read answers a summary (partial), as the real port does for every budget. */
    summaryFirst: false,
    /** The next answer is an unexplained failure (a 500 without a body). */
    failNext: false,
    /** What that failure says (e.g. a 403 problem document). */
    failure: {} as ApiErrorLike,
    /** Accept whatever If-Match says (the model test scripts outcomes independently of timing). */
    ignoreIfMatch: false,
    /** A refusal only the server knows of (its state moved on in a way the client cannot see). */
    refuse: null as BudgetError | null,
    /** The caller's access as `GET /api/budget` lists it (null: no longer a member); undefined: no readAccess. */
    access: { role: 'Owner', access: 'Edit' } as BudgetAccessInfo | null,
    /** Access reads wait until releaseAccess(). */
    holdAccess: false,
  }
  let heldAccess: Array<() => void> = []
  /** How often the access was read (at open, on reconnect, after an access refusal). */
  let accessReads = 0
  const held: Held[] = []
  let heldLoads: Array<() => void> = []
  const sent: BudgetCommand[] = []
  const loads: number[] = []

  const append = (command: BudgetCommand): ReadonlyArray<SequencedEvent> | BudgetError => {
    const decision = decide(command, state)
    if (Result.isFailure(decision)) return decision.failure
    const appended = decision.success.map((event) => ({
      seq: log.length + 1,
      commandId: command.commandId,
      event,
    }))
    for (const item of appended) {
      log.push(item)
      state = evolve(state, item.event)
    }
    if (control.autoPush) push(appended)
    return appended
  }

  const push = (events: ReadonlyArray<SequencedEvent> = log) => {
    for (const subscriber of subscribers) {
      const fresh = events.filter((item) => item.seq > subscriber.afterSeq)
      if (fresh.length > 0) subscriber.onEvents(fresh)
    }
  }

  const byOther = (draft: CommandDraft): BudgetCommand => {
    otherCounter += 1
    return stamp(draft, {
      commandId: CommandId.make(`other-${otherCounter}`),
      at: Instant.make('2026-11-20T09:00:00.000Z'),
      userId: OTHER,
    })
  }
  for (const draft of seed) append(byOther(draft))

  const answer = (command: BudgetCommand, ifMatch: number): SendOutcome => {
    const earlier = answered.get(command.commandId)
    if (earlier) return earlier
    if (control.offline) return { outcome: 'offline' }
    if (ifMatch !== log.length && !control.ignoreIfMatch) return { outcome: 'stale' }
    if (control.refuse) return { outcome: 'refused', error: control.refuse }
    if (control.failNext) {
      control.failNext = false
      return { outcome: 'failed', error: control.failure }
    }
    const result = append(command)
    const outcome: SendOutcome =
      'code' in result
        ? { outcome: 'refused', error: result }
        : { outcome: 'accepted', events: result, version: log.length }
    answered.set(command.commandId, outcome)
    return outcome
  }

  const read = async (signal?: AbortSignal): Promise<LoadOutcome> => {
    if (control.holdLoads)
      await new Promise<void>((resolve, reject) => {
        heldLoads.push(resolve)
        // A read the actor gave up (it left the state that asked) is no longer on the wire.
        signal?.addEventListener('abort', () => {
          heldLoads = heldLoads.filter((held) => held !== resolve)
          reject(signal.reason)
        })
      })
    loads.push(log.length)
    if (control.loadMissing)
      return {
        ok: false,
        error: { status: 404, statusText: 'Not Found', data: { code: 'budget_not_found' } },
      }
    if (control.loadFails)
      return { ok: false, error: { status: 503, statusText: 'Service Unavailable', data: 'x' } }
    return { ok: true, state, version: log.length }
  }

  let idCounter = 0
  /** The early reads' answers the port was handed instead of reading (summaryAhead.machine.ts). */
  const aheadTaken: AheadAnswer[] = []
  const port: BudgetPort = {
    now: () => Date.parse('2026-11-21T12:00:00.000Z'),
    newId: () => {
      idCounter += 1
      return `mine-${idCounter}`
    },
    load: (_budgetId, signal) => read(signal),
    // Like the server's ?part=summary: everything but the transactions and transfers.
    loadSummary: async (_budgetId, signal, ahead) => {
      if (ahead !== undefined) aheadTaken.push(ahead)
      const outcome = await read(signal)
      return control.summaryFirst && outcome.ok
        ? {
            ...outcome,
            state: { ...outcome.state, transactions: HashMap.empty(), transfers: HashMap.empty() },
            partial: true,
          }
        : outcome
    },
    send: (_budgetId, command, options) => {
      sent.push(command)
      if (!control.hold) return Promise.resolve(answer(command, options.ifMatch))
      return new Promise((resolve) => {
        held.push({
          command,
          ifMatch: options.ifMatch,
          release: () => resolve(answer(command, options.ifMatch)),
        })
      })
    },
    // The server's page of one category's month, from the ledger's own state.
    readCategoryMonth: async (_budgetId, categoryId, periodKey) => ({
      ok: true,
      transactions: [...HashMap.values(state.transactions)].filter(
        (transaction) =>
          transaction.date.replaceAll('-', '').startsWith(periodKey) &&
          transaction.splits.some((split) => split.categoryId === categoryId),
      ),
    }),
    readAccess: async () => {
      accessReads += 1
      if (control.holdAccess) await new Promise<void>((resolve) => heldAccess.push(resolve))
      return { ok: true, access: control.access }
    },
    subscribe: (_budgetId, afterSeq, onEvents, onUnreadable, onReconnect, onGone, onMembersChanged) => {
      const subscriber = { afterSeq, onEvents, onUnreadable, onReconnect, onGone, onMembersChanged }
      subscribers.add(subscriber)
      return () => subscribers.delete(subscriber)
    },
  }

  return {
    port,
    control,
    get accessReads() {
      return accessReads
    },
    /** Answers the access reads on the wire. */
    releaseAccess: () => {
      const waiting = heldAccess
      heldAccess = []
      for (const resolve of waiting) resolve()
    },
    /** The server's `: members-changed` comment on the stream. */
    membersChanged: () => {
      for (const subscriber of subscribers) subscriber.onMembersChanged?.()
    },
    /** The stream dropped and came back. */
    reconnect: () => {
      for (const subscriber of subscribers) subscriber.onReconnect?.()
    },
    sent,
    loads,
    aheadTaken,
    get log() {
      return log
    },
    get state() {
      return state
    },
    get subscriberCount() {
      return subscribers.size
    },
    /** A collaborator's write, straight on the server. */
    writeAsOther: (draft: CommandDraft) => append(byOther(draft)),
    push,
    /** The stream is answered 404 (a removal, a deletion): each subscription ends, as the real port's does. */
    streamGone: () => {
      for (const subscriber of [...subscribers]) {
        subscribers.delete(subscriber)
        subscriber.onGone?.()
      }
    },
    /**
     * The stream brings an event this app cannot read (a newer server's): each subscription ends, as the real port's
     * does, and says so.
     */
    pushUnreadable: () => {
      for (const subscriber of [...subscribers]) {
        subscribers.delete(subscriber)
        subscriber.onUnreadable()
      }
    },
    /** Answers the oldest held request. */
    releaseNext: () => held.shift()?.release(),
    releaseLoad: () => heldLoads.shift()?.(),
    get heldLoadCount() {
      return heldLoads.length
    },
    get heldCount() {
      return held.length
    },
  }
}

export type FakeLedger = ReturnType<typeof createFakeLedger>

export const startBudget = (ledger: FakeLedger, options: { machine?: typeof budgetMachine } = {}) => {
  const toasts = createActor(toastsMachine).start()
  const budget = createActor(options.machine ?? budgetMachine, {
    input: { budgetId: BUDGET, userId: ME, port: ledger.port, toasts },
  }).start()
  return { budget, toasts }
}

export const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

/** A regular, uncleared groceries purchase from checking: `value` grosze (negative) on `date`. */
export const groceriesOutflow = (id: string, date: string, value: number): Transaction => ({
  id: TransactionId.make(id),
  bankAccountId: ids.checking,
  date: IsoDate.make(date),
  payee: `Shop ${id}`,
  memo: '',
  value: pln(value),
  direction: 'Outflow',
  kind: 'Regular',
  cleared: false,
  reconciled: false,
  splits: [{ categoryId: ids.groceries, value: pln(value) }],
  transferId: null,
})

/** One read of a category's month, answered (or failed) by the test; `settled` once it has been. */
export type ScriptedRead = {
  readonly signal: AbortSignal
  readonly settle: (outcome: CategoryMonthOutcome | Error) => void
  settled: boolean
}

/** Category-month reads the test answers by hand, each with the abort signal the actor gave it. */
export const scriptedMonthReads = () => {
  const reads: ScriptedRead[] = []
  const read = (signal: AbortSignal) =>
    new Promise<CategoryMonthOutcome>((resolve, reject) => {
      const entry: ScriptedRead = {
        signal,
        settle: (outcome) => {
          entry.settled = true
          if (outcome instanceof Error) reject(outcome)
          else resolve(outcome)
        },
        settled: false,
      }
      reads.push(entry)
    })
  return { read, reads }
}
