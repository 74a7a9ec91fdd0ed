import { describe, expect, it } from 'vitest'
import { type AnyActorRef, createActor, waitFor } from 'xstate'
import { reconciliationPayee } from '../../../../domain/decideMoney.ts'
import {
  type BudgetSeen,
  buildTransaction,
  checkTransaction,
  initialTransactionFields,
  inTrackingAccount,
  openedAfterDate,
  openingOf,
  payeeSuggestions,
  selectCanRemoveSplit,
  selectEditedTransaction,
  selectEditorScreen,
  selectFormRef,
  selectPayeeSuggestions,
  selectSplitRemainder,
  selectTransactionErrors,
  type TransactionEditorRequest,
  type TransactionFields,
  transactionEditorMachine,
  transactionFormMachine,
} from '../../../../machines/dialogs/transactionEditor/index.ts'
import { selectAccounts } from '../../../../machines/openBudget/index.ts'
import type { Transaction } from '../../../../schemas/budget.ts'
import { CommandId, TransactionId, TransferId } from '../../../../schemas/ids.ts'
import { IsoDate } from '../../../../schemas/money.ts'
import { createFakeLedger, groceriesOutflow, ids, pln, SEED, startBudget } from '../budget.fakes.ts'
import { EN, PL, sequentialIds, startAnalyticsRecorder } from './dialog.fakes.ts'

const TODAY = IsoDate.make('2026-11-21')
const base: TransactionFields = {
  bankAccountId: ids.checking,
  direction: 'outflow',
  date: '2026-11-20',
  payee: ' Biedronka ',
  memo: '',
  amount: '150,00',
  cleared: true,
  splits: [{ categoryId: ids.groceries, amount: '' }],
}

describe('transaction editor rules', () => {
  it('an outflow with one split takes the whole amount, negative', () => {
    const checked = checkTransaction(base, PL)
    expect(checked).toEqual({
      ok: true,
      value: {
        bankAccountId: ids.checking,
        date: '2026-11-20',
        payee: 'Biedronka',
        memo: '',
        value: -15_000,
        cleared: true,
        splits: [{ categoryId: ids.groceries, value: -15_000 }],
      },
    })
    const props = { mode: 'add' as const, today: TODAY, payees: [] }
    expect(checked.ok && buildTransaction(checked.value, props, sequentialIds())).toEqual([
      {
        _tag: 'AddTransaction',
        transactionId: 'id-1',
        bankAccountId: ids.checking,
        date: '2026-11-20',
        payee: 'Biedronka',
        memo: '',
        value: -15_000,
        splits: [{ categoryId: ids.groceries, value: -15_000 }],
        cleared: true,
      },
    ])
  })

  it('an inflow without a category goes to Uncategorized (no splits) and reads en input', () => {
    const checked = checkTransaction(
      { ...base, direction: 'inflow', amount: '1,234.56', splits: [{ categoryId: null, amount: '' }] },
      EN,
    )
    expect(checked.ok && checked.value).toMatchObject({ value: 123_456, splits: [] })
  })

  it('a 3-way split must add up exactly; each split is signed like the amount', () => {
    const three = {
      ...base,
      amount: '100,00',
      splits: [
        { categoryId: ids.groceries, amount: '50' },
        { categoryId: ids.rent, amount: '30,01' },
        { categoryId: ids.uncategorized, amount: '19,99' },
      ],
    }
    const checked = checkTransaction(three, PL)
    expect(checked.ok && checked.value.splits).toEqual([
      { categoryId: ids.groceries, value: -5_000 },
      { categoryId: ids.rent, value: -3_001 },
      { categoryId: ids.uncategorized, value: -1_999 },
    ])
    const off = checkTransaction(
      { ...three, splits: [...three.splits.slice(0, 2), { categoryId: ids.uncategorized, amount: '19,98' }] },
      PL,
    )
    expect(off).toEqual({
      ok: false,
      errors: { fields: { splits: { key: 'validation.splitsSum' } }, splits: [{}, {}, {}] },
    })
  })

  it('names every missing piece at once: account, date, amount, split category and amount', () => {
    const checked = checkTransaction(
      {
        ...base,
        bankAccountId: null,
        date: '30.02.2026',
        amount: '0',
        splits: [
          { categoryId: null, amount: '' },
          { categoryId: ids.rent, amount: '-1' },
        ],
      },
      PL,
    )
    expect(checked).toEqual({
      ok: false,
      errors: {
        fields: {
          bankAccountId: { key: 'validation.required' },
          date: { key: 'dates.nonexistent', params: { date: '30.02.2026' } },
          amount: { key: 'validation.min', params: { min: '0,01' } },
        },
        splits: [
          { categoryId: { key: 'validation.required' }, amount: { key: 'validation.required' } },
          { amount: { key: 'validation.min', params: { min: '0,01' } } },
        ],
      },
    })
  })

  it('editing starts from the transaction and sends an EditTransaction with its id', () => {
    const transaction: Transaction = {
      id: TransactionId.make('t-9'),
      bankAccountId: ids.checking,
      date: IsoDate.make('2026-11-02'),
      payee: 'Orlen',
      memo: 'fuel',
      value: pln(-25_050),
      direction: 'Outflow',
      kind: 'Regular',
      cleared: false,
      reconciled: false,
      splits: [{ categoryId: ids.groceries, value: pln(-25_050) }],
      transferId: null,
    }
    const props = {
      mode: 'edit' as const,
      transaction,
      payees: [],
      reconciliationLabel: 'Korekta uzgodnienia',
    }
    const fields = initialTransactionFields(props, PL)
    expect(fields).toEqual({
      bankAccountId: ids.checking,
      direction: 'outflow',
      date: '02.11.2026',
      payee: 'Orlen',
      memo: 'fuel',
      amount: '250,50',
      cleared: false,
      splits: [{ categoryId: ids.groceries, amount: '250,50' }],
    })
    const checked = checkTransaction({ ...fields, amount: '260' }, PL)
    expect(checked.ok && buildTransaction(checked.value, props, sequentialIds())).toEqual([
      {
        _tag: 'EditTransaction',
        transactionId: 't-9',
        bankAccountId: ids.checking,
        date: '2026-11-02',
        payee: 'Orlen',
        memo: 'fuel',
        value: -26_000,
        splits: [{ categoryId: ids.groceries, value: -26_000 }],
        cleared: false,
      },
    ])
  })

  it("shows a reconciliation adjustment's payee in the user's words and keeps its key unless it is changed", () => {
    const adjustment: Transaction = {
      id: TransactionId.make('t-adj'),
      bankAccountId: ids.checking,
      date: IsoDate.make('2026-11-05'),
      payee: reconciliationPayee,
      memo: '',
      value: pln(-1_200),
      direction: 'Outflow',
      kind: 'Regular',
      cleared: true,
      reconciled: true,
      splits: [],
      transferId: null,
    }
    const props = {
      mode: 'edit' as const,
      transaction: adjustment,
      payees: [],
      reconciliationLabel: 'Korekta uzgodnienia',
    }
    const fields = initialTransactionFields(props, PL)
    expect(fields.payee).toBe('Korekta uzgodnienia')
    const payeeSent = (payee: string) => {
      const checked = checkTransaction({ ...fields, payee }, PL)
      const [command] = checked.ok ? buildTransaction(checked.value, props, sequentialIds()) : []
      return command !== undefined && 'payee' in command ? command.payee : undefined
    }
    expect(payeeSent('Korekta uzgodnienia')).toBe(reconciliationPayee)
    expect(payeeSent('Opłata bankowa')).toBe('Opłata bankowa')
  })

  it('suggests payees from history containing the typed text, case-insensitively', () => {
    const payees = ['Biedronka', 'Lidl', 'Żabka', 'Bistro Biedny']
    expect(payeeSuggestions('bie', payees, 'pl-PL')).toEqual(['Biedronka', 'Bistro Biedny'])
    expect(payeeSuggestions('ŻAB', payees, 'pl-PL')).toEqual(['Żabka'])
    expect(payeeSuggestions('lidl', payees, 'pl-PL')).toEqual([])
    expect(payeeSuggestions('', payees, 'pl-PL')).toEqual(payees)
  })
})

describe('transaction form machine', () => {
  const start = (
    budget: AnyActorRef = startAnalyticsRecorder().actor,
    analytics = startAnalyticsRecorder(),
  ) => ({
    analytics,
    dialog: createActor(transactionFormMachine, {
      input: {
        ...PL,
        budget,
        analytics: analytics.actor,
        newId: sequentialIds(),
        props: { mode: 'add', today: TODAY, bankAccountId: ids.checking, payees: ['Biedronka', 'Lidl'] },
      },
    }).start(),
  })

  it('adds and removes splits (never the last one) and shows what is left to split', () => {
    const { dialog } = start()
    expect(selectCanRemoveSplit(dialog.getSnapshot())).toBe(false)
    dialog.send({ type: 'form.change', field: 'amount', value: '100' })
    dialog.send({ type: 'split.add' })
    dialog.send({ type: 'split.setAmount', index: 0, amount: '60' })
    dialog.send({ type: 'split.setAmount', index: 1, amount: '15,50' })
    expect(selectSplitRemainder(dialog.getSnapshot())).toBe(2_450)
    expect(selectCanRemoveSplit(dialog.getSnapshot())).toBe(true)
    dialog.send({ type: 'split.remove', index: 0 })
    expect(dialog.getSnapshot().context.fields.splits).toEqual([{ categoryId: null, amount: '15,50' }])
    dialog.send({ type: 'split.remove', index: 0 })
    expect(dialog.getSnapshot().context.fields.splits).toHaveLength(1)
    dialog.send({ type: 'form.change', field: 'payee', value: 'bi' })
    expect(selectPayeeSuggestions(dialog.getSnapshot())).toEqual(['Biedronka'])
  })

  it('sends an inflow without a chosen category to Do przydzielenia, and takes that back for an outflow', () => {
    const dialog = createActor(transactionFormMachine, {
      input: {
        ...PL,
        budget: startAnalyticsRecorder().actor,
        newId: sequentialIds(),
        props: { mode: 'add', today: TODAY, payees: [], incomeCategoryId: ids.readyToAssign },
      },
    }).start()
    const categories = () => dialog.getSnapshot().context.fields.splits.map((split) => split.categoryId)
    expect(categories()).toEqual([null])
    dialog.send({ type: 'form.change', field: 'direction', value: 'inflow' })
    expect(categories()).toEqual([ids.readyToAssign])
    dialog.send({ type: 'form.change', field: 'direction', value: 'outflow' })
    expect(categories()).toEqual([null])
    // A category the person chose stays, whichever way the money goes.
    dialog.send({ type: 'split.setCategory', index: 0, categoryId: ids.salary })
    dialog.send({ type: 'form.change', field: 'direction', value: 'inflow' })
    expect(categories()).toEqual([ids.salary])
  })

  it('drops the splits’ errors when one split is left (it takes the whole amount; the screen hides its field)', () => {
    const { dialog } = start()
    dialog.send({ type: 'form.change', field: 'amount', value: '100' })
    dialog.send({ type: 'split.add' })
    dialog.send({ type: 'split.setAmount', index: 0, amount: '' })
    dialog.send({ type: 'split.setAmount', index: 1, amount: '30' })
    dialog.send({ type: 'dialog.submit' })
    expect(selectTransactionErrors(dialog.getSnapshot()).splits[0]).toHaveProperty('amount')
    dialog.send({ type: 'split.setAmount', index: 0, amount: '60' })
    dialog.send({ type: 'dialog.submit' })
    expect(selectTransactionErrors(dialog.getSnapshot()).fields).toHaveProperty('splits')
    dialog.send({ type: 'split.remove', index: 1 })
    expect(selectTransactionErrors(dialog.getSnapshot())).toEqual({ fields: {}, splits: [] })
  })

  it('adds a split transaction through the budget and queues transaction_added', async () => {
    const ledger = createFakeLedger()
    const { budget } = startBudget(ledger)
    await waitFor(budget, (s) => s.matches('ready'))
    const { dialog, analytics } = start(budget)
    dialog.send({ type: 'form.change', field: 'payee', value: 'Biedronka' })
    dialog.send({ type: 'form.change', field: 'amount', value: '100' })
    dialog.send({ type: 'split.setCategory', index: 0, categoryId: ids.groceries })
    dialog.send({ type: 'split.add' })
    dialog.send({ type: 'split.setCategory', index: 1, categoryId: ids.rent })
    dialog.send({ type: 'split.setAmount', index: 0, amount: '60' })
    dialog.send({ type: 'split.setAmount', index: 1, amount: '30' })
    dialog.send({ type: 'dialog.submit' })
    expect(dialog.getSnapshot().value).toBe('editing')
    expect(selectTransactionErrors(dialog.getSnapshot()).fields.splits).toEqual({
      key: 'validation.splitsSum',
    })
    dialog.send({ type: 'split.setAmount', index: 1, amount: '40' })
    dialog.send({ type: 'dialog.submit' })
    await waitFor(dialog, (s) => s.status === 'done')
    expect(selectAccounts(budget.getSnapshot())[0]?.balance.working).toBe(490_000)
    expect(analytics.tracked).toEqual([
      { type: 'analytics.track', name: 'transaction_added', props: { splits: 2, direction: 'outflow' } },
    ])
  })

  it('cancels without sending anything', () => {
    const { dialog } = start()
    dialog.send({ type: 'dialog.cancel' })
    expect(dialog.getSnapshot().status).toBe('done')
    expect(dialog.getSnapshot().value).toBe('cancelled')
  })
})

describe('transaction editor lifecycle', () => {
  const TX = TransactionId.make('tx-rent')
  const request: TransactionEditorRequest = {
    today: TODAY,
    reconciliationLabel: 'Korekta',
  }
  const seededRent = {
    _tag: 'AddTransaction',
    commandId: CommandId.make('seed-rent'),
    transactionId: TX,
    bankAccountId: ids.checking,
    date: IsoDate.make('2026-11-05'),
    payee: 'Landlord',
    value: pln(-200_000),
    splits: [{ categoryId: ids.rent, value: pln(-200_000) }],
  } as const
  const openEditor = async (asked: TransactionEditorRequest, seed = [...SEED, seededRent]) => {
    const ledger = createFakeLedger(seed)
    // The budget opens from its summary (no transactions yet), as the real port does.
    ledger.control.summaryFirst = true
    const { budget } = startBudget(ledger)
    await waitFor(budget, (s) => s.matches('ready'))
    const editor = createActor(transactionEditorMachine, {
      input: { ...PL, budget, source: budget, newId: sequentialIds(), request: asked },
    }).start()
    return { ledger, budget, editor }
  }

  it('waits for the transactions, asks for them, then opens the form on the transaction', async () => {
    const { editor } = await openEditor({ ...request, transactionId: TX })
    expect(selectEditorScreen(editor.getSnapshot())).toBe('loading')
    await waitFor(editor, (s) => selectEditorScreen(s) === 'form')
    const form = selectFormRef(editor.getSnapshot())
    expect(form?.getSnapshot().context.fields).toMatchObject({ payee: 'Landlord', amount: '2000,00' })
    editor.stop()
  })

  it('closes when someone else deletes the transaction while it is open', async () => {
    const { ledger, editor } = await openEditor({ ...request, transactionId: TX })
    await waitFor(editor, (s) => selectEditorScreen(s) === 'form')
    ledger.writeAsOther({ _tag: 'DeleteTransaction', transactionId: TX })
    await waitFor(editor, (s) => s.status === 'done')
    expect(selectEditorScreen(editor.getSnapshot())).toBe('closed')
  })

  it('says a transaction is missing when the budget has none by that id', async () => {
    const { editor } = await openEditor({ ...request, transactionId: TransactionId.make('tx-unknown') })
    await waitFor(editor, (s) => selectEditorScreen(s) === 'missing')
    editor.send({ type: 'dialog.cancel' })
    expect(editor.getSnapshot().status).toBe('done')
  })

  it("shows a transfer's side read-only and closes once SPEC's confirm has deleted it", async () => {
    const transfer = {
      _tag: 'AddTransfer',
      commandId: CommandId.make('seed-transfer'),
      transferId: TransferId.make('transfer-1'),
      outflowTransactionId: TransactionId.make('tx-out'),
      inflowTransactionId: TransactionId.make('tx-in'),
      fromBankAccountId: ids.checking,
      toBankAccountId: ids.savings,
      date: IsoDate.make('2026-11-06'),
      value: pln(10_000),
    } as const
    const savings = {
      _tag: 'OpenBankAccount',
      bankAccountId: ids.savings,
      name: 'Savings',
      type: 'unconnected',
      balance: pln(0),
      date: IsoDate.make('2026-11-01'),
    } as const
    const { editor } = await openEditor({ ...request, transactionId: TransactionId.make('tx-out') }, [
      ...SEED,
      savings,
      transfer,
    ])
    await waitFor(editor, (s) => selectEditorScreen(s) === 'transfer')
    expect(selectEditedTransaction(editor.getSnapshot())?.transferId).toBe('transfer-1')
    editor.send({ type: 'delete.ask' })
    const confirm = editor.getSnapshot().children.deleteConfirm
    confirm?.send({ type: 'dialog.submit' })
    await waitFor(editor, (s) => s.status === 'done')
  })

  it('offers the budget’s income destination to the form', async () => {
    const { editor } = await openEditor(request)
    await waitFor(editor, (s) => selectEditorScreen(s) === 'form')
    expect(selectFormRef(editor.getSnapshot())?.getSnapshot().context.props).toMatchObject({
      incomeCategoryId: ids.readyToAssign,
    })
    editor.stop()
  })

  it('adds with the only active account and the asked-for category preselected', async () => {
    const { editor } = await openEditor({ ...request, categoryId: ids.groceries })
    await waitFor(editor, (s) => selectEditorScreen(s) === 'form')
    expect(selectFormRef(editor.getSnapshot())?.getSnapshot().context.fields).toMatchObject({
      bankAccountId: ids.checking,
      date: '21.11.2026',
      splits: [{ categoryId: ids.groceries, amount: '' }],
    })
    editor.stop()
  })

  it('a failed read still tells that an asked-for transaction is missing; an add waits for the budget', () => {
    const seen = (
      loadState: BudgetSeen['loadState'],
      transaction: BudgetSeen['transaction'],
    ): BudgetSeen => ({
      type: 'editor.budgetChanged',
      loadState,
      transaction,
      payees: [],
      onlyActiveAccount: null,
      incomeDestination: null,
      trackingAccounts: [],
    })
    const there = groceriesOutflow('tx-1', '2026-11-20', -100)
    expect(openingOf({ ...request, transactionId: there.id }, seen('error', null))).toEqual({
      kind: 'missing',
    })
    expect(openingOf({ ...request, transactionId: there.id }, seen('error', there))).toEqual({ kind: 'wait' })
    expect(openingOf({ ...request, transactionId: there.id }, seen('loading', null))).toEqual({
      kind: 'wait',
    })
    expect(openingOf(request, seen('error', null))).toEqual({ kind: 'wait' })
    expect(openingOf(request, seen('ready', null))).toMatchObject({ kind: 'form', props: { mode: 'add' } })
  })
})

describe('a transaction in a tracking (off-budget) account', () => {
  const tracking = [ids.savings]
  it('carries no category: its splits are not read and none is sent', () => {
    const inTracking = { ...base, bankAccountId: ids.savings }
    expect(inTrackingAccount(inTracking, tracking)).toBe(true)
    const checked = checkTransaction(inTracking, PL, tracking)
    expect(checked.ok && checked.value.splits).toEqual([])
    // Even unfinished splits left from a budget account do not stop it.
    const unfinished = { ...inTracking, splits: [{ categoryId: null, amount: 'x' }, base.splits[0]] }
    expect(checkTransaction(unfinished as TransactionFields, PL, tracking).ok).toBe(true)
  })
  it('a budget account keeps its category', () => {
    expect(inTrackingAccount(base, tracking)).toBe(false)
    const checked = checkTransaction(base, PL, tracking)
    expect(checked.ok && checked.value.splits).toEqual([{ categoryId: ids.groceries, value: -15_000 }])
  })
  it('the editor opens with the tracking accounts in its props', () => {
    const opening = openingOf(
      { today: TODAY, reconciliationLabel: 'Korekta' },
      {
        type: 'editor.budgetChanged',
        loadState: 'ready',
        transaction: null,
        payees: [],
        onlyActiveAccount: null,
        incomeDestination: null,
        trackingAccounts: tracking,
      },
    )
    expect(opening).toMatchObject({ kind: 'form', props: { trackingAccountIds: tracking } })
  })
})

describe('a date before the account was opened', () => {
  const accounts = [
    { id: ids.checking, openingDate: IsoDate.make('2026-11-10') },
    { id: ids.savings, openingDate: IsoDate.make('2020-01-01') },
  ]
  it('names the opening date, as a warning the form still saves past', () => {
    const earlier = { ...base, date: '09.11.2026' }
    expect(openedAfterDate(earlier, accounts)).toBe('2026-11-10')
    expect(checkTransaction(earlier, PL).ok).toBe(true)
  })
  it('says nothing from the opening day on, for another account, or while the date is not readable', () => {
    expect(openedAfterDate({ ...base, date: '10.11.2026' }, accounts)).toBeNull()
    expect(openedAfterDate({ ...base, date: '09.11.2026', bankAccountId: ids.savings }, accounts)).toBeNull()
    expect(openedAfterDate({ ...base, date: '31.02.2026' }, accounts)).toBeNull()
    expect(openedAfterDate({ ...base, date: '09.11.2026', bankAccountId: null }, accounts)).toBeNull()
  })
})
