import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, createMachine, setup, waitFor } from 'xstate'
import { reconciliationPayee } from '../../../domain/decideMoney.ts'
import { getToastsRef, TOASTS_SYSTEM_ID } from '../../../machines/app/index.ts'
import {
  budgetMachine,
  type CommandReply,
  SEND_RETRY_MS,
  selectAccounts,
  selectAssignmentRecords,
  selectBalancesTotal,
  selectCategoryMonth,
  selectHasPendingWrites,
  selectIsOffline,
  selectLoadState,
  selectMonthView,
  selectPayees,
  selectReadyToAssign,
  selectShownPeriod,
  selectTransactions,
  selectTransactionsLoaded,
  selectTransactionsLoadState,
  selectVersion,
  stateFromEvents,
} from '../../../machines/openBudget/index.ts'
import { selectToasts, toastsMachine } from '../../../machines/toasts/index.ts'
import { TransactionId } from '../../../schemas/ids.ts'
import { IsoDate } from '../../../schemas/money.ts'
import { BUDGET, createFakeLedger, flush, ids, ME, NOVEMBER, pln, startBudget } from './budget.fakes.ts'

const assign = (value: number, categoryId = ids.groceries) =>
  ({ _tag: 'SetAssigned', periodKey: NOVEMBER, categoryId, value: pln(value) }) as const

const category = (snapshot: Parameters<typeof selectMonthView>[0], id: string) =>
  selectMonthView(snapshot, NOVEMBER).categories.find((row) => row.id === id)

/** Records what the budget answers a requester. */
const startReplyRecorder = () => {
  const replies: CommandReply[] = []
  const recorder = createActor(
    createMachine({
      on: { '*': { actions: ({ event }) => replies.push(event as CommandReply) } },
    }),
  ).start()
  return { recorder, replies }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('open-budget actor', () => {
  it('loads the budget: 5 000,00 zł ready to assign, one account, a version', async () => {
    const ledger = createFakeLedger()
    const { budget } = startBudget(ledger)
    expect(selectLoadState(budget.getSnapshot())).toBe('loading')
    await waitFor(budget, (s) => s.matches('ready'))
    expect(selectLoadState(budget.getSnapshot())).toBe('ready')
    expect(selectReadyToAssign(budget.getSnapshot(), NOVEMBER)).toBe(500_000)
    expect(selectAccounts(budget.getSnapshot()).map((row) => row.balance.working)).toEqual([500_000])
    expect(selectBalancesTotal(budget.getSnapshot())).toBe(500_000)
    expect(selectVersion(budget.getSnapshot())).toBe(ledger.log.length)
    expect(ledger.subscriberCount).toBe(1)
  })

  it('shows an assignment at once, keeps it pending until the server confirms it', async () => {
    const ledger = createFakeLedger()
    ledger.control.hold = true
    const { budget } = startBudget(ledger)
    await waitFor(budget, (s) => s.matches('ready'))
    const version = selectVersion(budget.getSnapshot())
    budget.send({ type: 'budget.command', commands: [assign(120_000)] })
    expect(selectReadyToAssign(budget.getSnapshot(), NOVEMBER)).toBe(380_000)
    expect(category(budget.getSnapshot(), ids.groceries)?.available).toBe(120_000)
    expect(selectHasPendingWrites(budget.getSnapshot())).toBe(true)
    expect(budget.getSnapshot().matches({ ready: 'sending' })).toBe(true)
    expect(ledger.sent[0]).toMatchObject({ _tag: 'SetAssigned', commandId: 'mine-1', userId: 'user-me' })

    ledger.releaseNext()
    await waitFor(budget, (s) => !selectHasPendingWrites(s))
    expect(selectVersion(budget.getSnapshot())).toBe(version + 1)
    expect(selectReadyToAssign(budget.getSnapshot(), NOVEMBER)).toBe(380_000)
    expect(budget.getSnapshot().context.confirmed).toBe(budget.getSnapshot().context.state)
  })

  it('sends queued commands one after another, each with the version the previous one produced', async () => {
    const ledger = createFakeLedger()
    ledger.control.hold = true
    const { budget } = startBudget(ledger)
    await waitFor(budget, (s) => s.matches('ready'))
    const version = selectVersion(budget.getSnapshot())
    budget.send({ type: 'budget.command', commands: [assign(10_000)] })
    budget.send({ type: 'budget.command', commands: [assign(20_000, ids.rent)] })
    expect(selectReadyToAssign(budget.getSnapshot(), NOVEMBER)).toBe(470_000)
    expect(ledger.heldCount).toBe(1)
    ledger.releaseNext()
    await waitFor(budget, () => ledger.heldCount === 1)
    ledger.releaseNext()
    await waitFor(budget, (s) => !selectHasPendingWrites(s))
    expect(ledger.sent.map((command) => command.commandId)).toEqual(['mine-1', 'mine-2'])
    expect(selectVersion(budget.getSnapshot())).toBe(version + 2)
    expect(selectReadyToAssign(budget.getSnapshot(), NOVEMBER)).toBe(470_000)
  })

  it('rolls back a write the server refuses and names the reason in a toast', async () => {
    const ledger = createFakeLedger()
    ledger.control.hold = true
    const { budget, toasts } = startBudget(ledger)
    await waitFor(budget, (s) => s.matches('ready'))
    budget.send({ type: 'budget.command', commands: [assign(120_000)] })
    expect(selectReadyToAssign(budget.getSnapshot(), NOVEMBER)).toBe(380_000)
    ledger.control.refuse = {
      _tag: 'CategoryNotFound',
      code: 'category-not-found',
      categoryId: ids.groceries,
    }
    ledger.releaseNext()
    await waitFor(budget, (s) => !selectHasPendingWrites(s))
    expect(selectReadyToAssign(budget.getSnapshot(), NOVEMBER)).toBe(500_000)
    expect(category(budget.getSnapshot(), ids.groceries)?.assigned).toBe(0)
    expect(selectToasts(toasts.getSnapshot())).toMatchObject([
      { kind: 'error', messageKey: 'budget.errors.category-not-found' },
    ])
  })

  it('rolls back an unexplained failure with SPEC’s toast text', async () => {
    const ledger = createFakeLedger()
    const failing = { ...ledger.port, send: async () => ({ outcome: 'failed' as const, error: {} }) }
    const { budget, toasts } = startBudget({ ...ledger, port: failing })
    await waitFor(budget, (s) => s.matches('ready'))
    budget.send({ type: 'budget.command', commands: [assign(100)] })
    await waitFor(budget, (s) => !selectHasPendingWrites(s))
    expect(selectReadyToAssign(budget.getSnapshot(), NOVEMBER)).toBe(500_000)
    expect(selectToasts(toasts.getSnapshot())).toMatchObject([
      { kind: 'error', message: '500 API Server Error' },
    ])
  })

  it('on a stale version (412) re-reads, tells the user, re-applies the write on top and sends it again', async () => {
    const ledger = createFakeLedger()
    ledger.control.autoPush = false
    const { budget, toasts } = startBudget(ledger)
    await waitFor(budget, (s) => s.matches('ready'))
    // A collaborator assigns 300,00 zł to Rent; the stream has not delivered it yet.
    ledger.writeAsOther(assign(30_000, ids.rent))
    budget.send({ type: 'budget.command', commands: [assign(120_000)] })
    await waitFor(budget, (s) => s.matches('ready') && !selectHasPendingWrites(s))
    expect(ledger.loads).toHaveLength(2)
    expect(ledger.sent.map((command) => command.commandId)).toEqual(['mine-1', 'mine-1'])
    expect(selectReadyToAssign(budget.getSnapshot(), NOVEMBER)).toBe(350_000)
    expect(category(budget.getSnapshot(), ids.rent)?.assigned).toBe(30_000)
    expect(selectVersion(budget.getSnapshot())).toBe(ledger.log.length)
    expect(selectToasts(toasts.getSnapshot())).toMatchObject([
      { kind: 'info', messageKey: 'budget.staleReloaded' },
    ])
  })

  it('folds a collaborator’s events from the stream once, even when they arrive twice', async () => {
    const ledger = createFakeLedger()
    ledger.control.autoPush = false
    const { budget } = startBudget(ledger)
    await waitFor(budget, (s) => s.matches('ready'))
    const appended = ledger.writeAsOther({
      _tag: 'MoveMoney',
      periodKey: NOVEMBER,
      fromCategoryId: null,
      toCategoryId: ids.rent,
      value: pln(25_000),
    })
    if ('code' in appended) throw new Error('refused')
    ledger.push(appended)
    ledger.push(appended)
    expect(category(budget.getSnapshot(), ids.rent)?.assigned).toBe(25_000)
    expect(selectReadyToAssign(budget.getSnapshot(), NOVEMBER)).toBe(475_000)
    expect(selectVersion(budget.getSnapshot())).toBe(ledger.log.length)
  })

  it('does not count its own write twice when the stream brings it before the HTTP answer', async () => {
    const ledger = createFakeLedger()
    ledger.control.hold = true
    const { budget } = startBudget(ledger)
    await waitFor(budget, (s) => s.matches('ready'))
    budget.send({
      type: 'budget.command',
      commands: [
        {
          _tag: 'MoveMoney',
          periodKey: NOVEMBER,
          fromCategoryId: null,
          toCategoryId: ids.rent,
          value: pln(1_000),
        },
      ],
    })
    // The server appends and streams at once (autoPush) but the answer is still held.
    ledger.releaseNext()
    await flush()
    expect(selectHasPendingWrites(budget.getSnapshot())).toBe(false)
    expect(category(budget.getSnapshot(), ids.rent)?.assigned).toBe(1_000)
    await waitFor(budget, (s) => s.matches({ ready: 'idle' }))
    expect(category(budget.getSnapshot(), ids.rent)?.assigned).toBe(1_000)
    expect(selectVersion(budget.getSnapshot())).toBe(ledger.log.length)
  })

  it('keeps own pending writes on top of a collaborator’s change, and drops one that no longer fits', async () => {
    const ledger = createFakeLedger()
    ledger.control.hold = true
    ledger.control.autoPush = false
    const { budget, toasts } = startBudget(ledger)
    await waitFor(budget, (s) => s.matches('ready'))
    budget.send({ type: 'budget.command', commands: [assign(1_000)] })
    budget.send({ type: 'budget.command', commands: [assign(2_000, ids.rent)] })
    const deleted = ledger.writeAsOther({
      _tag: 'DeleteCategory',
      categoryId: ids.rent,
      moveToCategoryId: ids.uncategorized,
    })
    if ('code' in deleted) throw new Error('refused')
    ledger.push(deleted)
    expect(budget.getSnapshot().context.pending.map((command) => command.commandId)).toEqual(['mine-1'])
    expect(category(budget.getSnapshot(), ids.rent)).toBeUndefined()
    expect(category(budget.getSnapshot(), ids.groceries)?.assigned).toBe(1_000)
    expect(selectToasts(toasts.getSnapshot())).toMatchObject([
      { messageKey: 'budget.errors.category-not-found' },
    ])
  })

  it('re-reads when the stream skips a sequence number', async () => {
    const ledger = createFakeLedger()
    ledger.control.autoPush = false
    const { budget } = startBudget(ledger)
    await waitFor(budget, (s) => s.matches('ready'))
    ledger.writeAsOther(assign(100, ids.rent))
    const second = ledger.writeAsOther(assign(200, ids.groceries))
    if ('code' in second) throw new Error('refused')
    ledger.push(second)
    expect(budget.getSnapshot().matches('resyncing')).toBe(true)
    await waitFor(budget, (s) => s.matches('ready'))
    expect(selectVersion(budget.getSnapshot())).toBe(ledger.log.length)
    expect(selectReadyToAssign(budget.getSnapshot(), NOVEMBER)).toBe(499_700)
  })

  it('refuses locally what the domain refuses: nothing queued, the requester hears the error', async () => {
    const ledger = createFakeLedger()
    const { budget } = startBudget(ledger)
    await waitFor(budget, (s) => s.matches('ready'))
    const { recorder, replies } = startReplyRecorder()
    budget.send({ type: 'budget.command', commands: [assign(100, ids.salary)], replyTo: recorder })
    expect(replies).toEqual([
      {
        type: 'budget.commandRefused',
        refusal: {
          kind: 'domain',
          error: {
            _tag: 'CannotAssignToIncomeCategory',
            code: 'cannot-assign-to-income',
            categoryId: ids.salary,
          },
        },
      },
    ])
    expect(selectHasPendingWrites(budget.getSnapshot())).toBe(false)
    budget.send({ type: 'budget.command', commands: [assign(100)], replyTo: recorder })
    // A request is stamped before it is decided (once), so the refused one used up the first id.
    expect(replies[1]).toEqual({ type: 'budget.commandApplied', commandIds: ['mine-2'] })
  })

  it('applies several commands all or none', async () => {
    const ledger = createFakeLedger()
    const { budget } = startBudget(ledger)
    await waitFor(budget, (s) => s.matches('ready'))
    budget.send({ type: 'budget.command', commands: [assign(100), assign(100, ids.salary)] })
    expect(category(budget.getSnapshot(), ids.groceries)?.assigned).toBe(0)
    expect(selectHasPendingWrites(budget.getSnapshot())).toBe(false)
  })

  it('answers "not ready" while loading, and offers a retry after a failed load', async () => {
    const ledger = createFakeLedger()
    ledger.control.loadFails = true
    const { budget } = startBudget(ledger)
    const { recorder, replies } = startReplyRecorder()
    budget.send({ type: 'budget.command', commands: [assign(100)], replyTo: recorder })
    expect(replies).toEqual([{ type: 'budget.commandRefused', refusal: { kind: 'notReady' } }])
    await waitFor(budget, (s) => s.matches('loadFailed'))
    expect(selectLoadState(budget.getSnapshot())).toBe('error')
    expect(budget.getSnapshot().context.loadError).toMatchObject({ status: 503 })
    ledger.control.loadFails = false
    budget.send({ type: 'budget.retry' })
    await waitFor(budget, (s) => s.matches('ready'))
    expect(selectReadyToAssign(budget.getSnapshot(), NOVEMBER)).toBe(500_000)
  })

  it('keeps an offline write pending and resends it with the same command id', async () => {
    vi.useFakeTimers()
    const ledger = createFakeLedger()
    ledger.control.offline = true
    const { budget } = startBudget(ledger)
    await vi.advanceTimersByTimeAsync(0)
    budget.send({ type: 'budget.command', commands: [assign(5_000)] })
    await vi.advanceTimersByTimeAsync(0)
    expect(selectIsOffline(budget.getSnapshot())).toBe(true)
    expect(selectReadyToAssign(budget.getSnapshot(), NOVEMBER)).toBe(495_000)
    ledger.control.offline = false
    await vi.advanceTimersByTimeAsync(SEND_RETRY_MS)
    expect(selectHasPendingWrites(budget.getSnapshot())).toBe(false)
    expect(ledger.sent.map((command) => command.commandId)).toEqual(['mine-1', 'mine-1'])
    expect(ledger.log.at(-1)?.commandId).toBe('mine-1')
  })

  it('memoizes the month view per state and period', async () => {
    const ledger = createFakeLedger()
    const { budget } = startBudget(ledger)
    await waitFor(budget, (s) => s.matches('ready'))
    const first = selectMonthView(budget.getSnapshot(), NOVEMBER)
    expect(selectMonthView(budget.getSnapshot(), NOVEMBER)).toBe(first)
    budget.send({ type: 'budget.command', commands: [assign(1)] })
    expect(selectMonthView(budget.getSnapshot(), NOVEMBER)).not.toBe(first)
  })

  it('suggests payees by use and builds a state from a stored stream', async () => {
    const ledger = createFakeLedger()
    const add = (id: string, payee: string) =>
      ledger.writeAsOther({
        _tag: 'AddTransaction',
        transactionId: TransactionId.make(id),
        bankAccountId: ids.checking,
        date: IsoDate.make('2026-11-03'),
        payee,
        value: pln(-1_000),
        splits: [],
      })
    add('t1', 'Lidl')
    add('t2', 'Biedronka')
    add('t3', 'Biedronka')
    // A reconciliation's adjustment is named by the app: no payee to suggest.
    add('t4', reconciliationPayee)
    const { budget } = startBudget(ledger)
    await waitFor(budget, (s) => s.matches('ready'))
    expect(selectPayees(budget.getSnapshot())).toEqual(['Biedronka', 'Lidl'])
    const listed = selectTransactions(budget.getSnapshot())
    expect(listed.map((transaction) => transaction.id)).toEqual(['t4', 't3', 't2', 't1'])
    expect(selectTransactions(budget.getSnapshot(), { payeeText: 'lid' }).map((t) => t.id)).toEqual(['t1'])
    // An assignment leaves the transactions alone, so the sorted list is the same object.
    budget.send({ type: 'budget.command', commands: [assign(1)] })
    expect(selectTransactions(budget.getSnapshot())).toBe(listed)
    expect(selectAssignmentRecords(budget.getSnapshot(), NOVEMBER)).toMatchObject([
      { source: 'manual', fromCategoryId: null, toCategoryId: ids.groceries, amount: 1 },
    ])
    const rebuilt = stateFromEvents(ledger.log)
    expect(rebuilt.version).toBe(ledger.log.length)
    expect(rebuilt.state.transactionCount).toBe(4)
  })

  it('without a toasts ref, toasts go to the system’s toasts actor (the budget running inside the app)', async () => {
    const ledger = createFakeLedger()
    const shell = setup({ actors: { toasts: toastsMachine, budget: budgetMachine } }).createMachine({
      invoke: [
        { src: 'toasts', systemId: TOASTS_SYSTEM_ID },
        { src: 'budget', id: 'budget', input: { budgetId: BUDGET, userId: ME, port: ledger.port } },
      ],
    })
    const app = createActor(shell).start()
    const budget = app.getSnapshot().children.budget
    if (!budget) throw new Error('no budget child')
    await waitFor(budget, (s) => s.matches('ready'))
    ledger.control.refuse = { _tag: 'BudgetNotFound', code: 'budget-not-found' }
    budget.send({ type: 'budget.command', commands: [assign(100)] })
    await waitFor(budget, (s) => !selectHasPendingWrites(s))
    const toasts = getToastsRef(app)
    expect(selectToasts(toasts.getSnapshot())).toMatchObject([
      { kind: 'error', messageKey: 'budget.errors.budget-not-found' },
    ])
    app.stop()
  })

  it('a manual reload re-reads and restarts the stream from the version read', async () => {
    const ledger = createFakeLedger()
    ledger.control.autoPush = false
    const { budget } = startBudget(ledger)
    await waitFor(budget, (s) => s.matches('ready'))
    ledger.writeAsOther(assign(700, ids.rent))
    budget.send({ type: 'budget.reload' })
    expect(budget.getSnapshot().matches('resyncing')).toBe(true)
    await waitFor(budget, (s) => s.matches('ready'))
    expect(category(budget.getSnapshot(), ids.rent)?.assigned).toBe(700)
    expect(ledger.subscriberCount).toBe(1)
  })

  it('an event it cannot read (a newer server’s) is taken from the server’s state, and the stream goes on after it', async () => {
    const ledger = createFakeLedger()
    ledger.control.autoPush = false
    const { budget } = startBudget(ledger)
    await waitFor(budget, (s) => s.matches('ready'))
    const readsBefore = ledger.loads.length
    ledger.writeAsOther(assign(700, ids.rent))
    ledger.pushUnreadable()
    await waitFor(budget, (s) => s.matches('ready') && s.context.version === ledger.log.length)
    expect(ledger.loads).toHaveLength(readsBefore + 1)
    expect(category(budget.getSnapshot(), ids.rent)?.assigned).toBe(700)
    // Subscribed again from the version read: the next event folds as usual.
    ledger.writeAsOther(assign(900, ids.rent))
    ledger.push()
    expect(category(budget.getSnapshot(), ids.rent)?.assigned).toBe(900)
  })

  describe('its children', () => {
    it('reads a category month in a child of its own and tells it of every new version', async () => {
      const ledger = createFakeLedger()
      const reads: string[] = []
      const port = {
        ...ledger.port,
        readCategoryMonth: async (...args: Parameters<NonNullable<typeof ledger.port.readCategoryMonth>>) => {
          reads.push(`${args[1]}@${args[2]}`)
          return { ok: true as const, transactions: [] }
        },
      }
      const budget = createActor(budgetMachine, { input: { budgetId: BUDGET, userId: ME, port } }).start()
      await waitFor(budget, (s) => s.matches('ready'))
      budget.send({ type: 'budget.watchCategoryMonth', categoryId: ids.groceries, periodKey: NOVEMBER })
      const month = selectCategoryMonth(budget.getSnapshot(), ids.groceries, NOVEMBER)
      expect(month).not.toBeNull()
      expect(selectCategoryMonth(budget.getSnapshot(), ids.rent, NOVEMBER)).toBeNull()
      await flush()
      expect(reads).toEqual([`${ids.groceries}@${NOVEMBER}`])
      // The same month again (a re-render): nothing new is read.
      budget.send({ type: 'budget.watchCategoryMonth', categoryId: ids.groceries, periodKey: NOVEMBER })
      expect(selectCategoryMonth(budget.getSnapshot(), ids.groceries, NOVEMBER)).toBe(month)
      // A collaborator's write: the budget's version moves, the month reads again.
      ledger.writeAsOther(assign(2_000, ids.rent))
      await waitFor(budget, (s) => selectVersion(s) === ledger.log.length)
      await flush()
      expect(reads).toHaveLength(2)
      budget.send({ type: 'budget.unwatchCategoryMonth' })
      expect(budget.getSnapshot().context.categoryMonth).toBeNull()
      expect(month?.getSnapshot().status).toBe('stopped')
      budget.stop()
    })

    it('remembers the month the month view shows', async () => {
      const ledger = createFakeLedger()
      const { budget } = startBudget(ledger)
      expect(selectShownPeriod(budget.getSnapshot())).toBeNull()
      budget.send({ type: 'budget.periodShown', periodKey: NOVEMBER })
      expect(selectShownPeriod(budget.getSnapshot())).toBe(NOVEMBER)
      budget.stop()
    })
  })

  describe('opened from its summary (no transactions)', () => {
    const spend = (transactionId: string, value: number) =>
      ({
        _tag: 'AddTransaction',
        transactionId: TransactionId.make(transactionId),
        bankAccountId: ids.checking,
        date: IsoDate.make('2026-11-05'),
        payee: 'Biedronka',
        value: pln(-value),
        splits: [{ categoryId: ids.groceries, value: pln(-value) }],
      }) as const
    const openSummary = async () => {
      const ledger = createFakeLedger()
      ledger.writeAsOther(spend('tx-old', 30_000))
      ledger.control.summaryFirst = true
      const { budget } = startBudget(ledger)
      await waitFor(budget, (s) => s.matches('ready'))
      ledger.control.summaryFirst = false
      return { ledger, budget }
    }

    it('shows the month exactly and sends assignments without reading the transactions', async () => {
      const { ledger, budget } = await openSummary()
      expect(selectTransactionsLoaded(budget.getSnapshot())).toBe(false)
      expect(selectTransactionsLoadState(budget.getSnapshot())).toBe('loading')
      expect(category(budget.getSnapshot(), ids.groceries)?.activity).toBe(-30_000)
      budget.send({ type: 'budget.command', commands: [assign(50_000)] })
      await waitFor(budget, (s) => !selectHasPendingWrites(s))
      expect(ledger.sent.map((command) => command._tag)).toEqual(['SetAssigned'])
      expect(category(budget.getSnapshot(), ids.groceries)?.available).toBe(20_000)
      expect(ledger.loads).toHaveLength(1)
    })

    it('reads the transactions once a view asks for them', async () => {
      const { ledger, budget } = await openSummary()
      budget.send({ type: 'budget.needTransactions' })
      await waitFor(budget, (s) => selectTransactionsLoaded(s))
      expect(selectTransactions(budget.getSnapshot()).map((row) => row.id)).toEqual(['tx-old'])
      expect(ledger.loads).toHaveLength(2)
      budget.send({ type: 'budget.needTransactions' })
      await flush()
      expect(ledger.loads).toHaveLength(2)
    })

    it('holds a request decided on transactions until they are in, then applies and answers it', async () => {
      const { ledger, budget } = await openSummary()
      const { recorder, replies } = startReplyRecorder()
      budget.send({
        type: 'budget.command',
        commands: [{ _tag: 'DeleteTransaction', transactionId: TransactionId.make('tx-old') }],
        replyTo: recorder,
      })
      expect(replies).toEqual([])
      await waitFor(budget, (s) => s.matches('ready') && !selectHasPendingWrites(s))
      expect(replies.map((reply) => reply.type)).toEqual(['budget.commandApplied'])
      expect(ledger.sent.map((command) => command._tag)).toEqual(['DeleteTransaction'])
      expect(category(budget.getSnapshot(), ids.groceries)?.activity).toBe(0)
    })

    it('reads the transactions when a collaborator edits one the summary lacks, and shows the exact result', async () => {
      const { ledger, budget } = await openSummary()
      ledger.writeAsOther({
        _tag: 'EditTransaction',
        transactionId: TransactionId.make('tx-old'),
        value: pln(-10_000),
        splits: [{ categoryId: ids.groceries, value: pln(-10_000) }],
      })
      await waitFor(budget, (s) => selectTransactionsLoaded(s) && s.matches('ready'))
      expect(category(budget.getSnapshot(), ids.groceries)?.activity).toBe(-10_000)
      expect(selectVersion(budget.getSnapshot())).toBe(ledger.log.length)
    })

    it('folds a collaborator’s new transaction into the summary without reading the rest', async () => {
      const { ledger, budget } = await openSummary()
      ledger.writeAsOther(spend('tx-new', 5_000))
      await waitFor(budget, (s) => selectVersion(s) === ledger.log.length)
      expect(category(budget.getSnapshot(), ids.groceries)?.activity).toBe(-35_000)
      expect(selectTransactionsLoaded(budget.getSnapshot())).toBe(false)
      expect(ledger.loads).toHaveLength(1)
    })
  })
})
