import * as Schema from 'effect/Schema'
import { describe, expect, it } from 'vitest'
import { evolve } from '../../../domain/evolve.ts'
import { accountBalance, monthView } from '../../../domain/monthView.ts'
import { fromSnapshot, toSnapshot } from '../../../domain/snapshot.ts'
import { findTransaction, initialState } from '../../../domain/state.ts'
import {
  dueDrafts,
  matchingOccurrence,
  monthlyAmountOf,
  occurrencesBetween,
  occurrencesOf,
} from '../../../domain/templates.ts'
import { BudgetCommand } from '../../../schemas/budgetCommands.ts'
import { BudgetStateSnapshot } from '../../../schemas/budgetSnapshot.ts'
import { BankAccountId, TemplateId } from '../../../schemas/ids.ts'
import { IsoDate } from '../../../schemas/money.ts'
import type { TransactionTemplate } from '../../../schemas/templates.ts'
import {
  type CommandInput,
  command,
  eventsOf,
  period,
  refusalOf,
  starterBudget,
  transactionId,
} from './fixtures.ts'

// Recurring transaction templates (issue 29 §1): given a budget, when a template command runs, then these events
// (or this refusal). Drafts are computed; only templates and what was done with an occurrence are facts.

const checking = BankAccountId.make('checking')
const rentId = TemplateId.make('rent')
const date = (text: string) => IsoDate.make(text)

/** The monthly rent: 1 500 zł from the checking account on the 10th, split between rent and food. */
const rent = (extra: Partial<CommandInput<'CreateTemplate'>> = {}): CommandInput<'CreateTemplate'> => ({
  templateId: 'rent',
  bankAccountId: 'checking',
  payee: 'Landlord',
  value: -150_000,
  splits: [
    { categoryId: 'rent', value: -140_000 },
    { categoryId: 'food', value: -10_000 },
  ],
  frequency: 'Monthly',
  startDate: '2025-01-10',
  ...extra,
})

const withSavings = () => {
  const book = starterBudget()
  book.do('OpenBankAccount', {
    bankAccountId: 'savings',
    name: 'Oszczędności',
    type: 'unconnected',
    balance: 0,
    date: '2025-01-01',
  })
  return book
}

const withRent = (extra: Partial<CommandInput<'CreateTemplate'>> = {}) => {
  const book = withSavings()
  book.do('CreateTemplate', rent(extra))
  return book
}

const transfer = (extra: Partial<CommandInput<'CreateTemplate'>> = {}) =>
  rent({
    templateId: 'saving',
    toBankAccountId: 'savings',
    payee: '',
    value: -20_000,
    splits: [],
    ...extra,
  })

describe('CreateTemplate', () => {
  it('records the template with its defaults: every 1, no end, no shift, exact amounts, splits as stored', () => {
    const { state } = withSavings()
    expect(eventsOf(state, command('CreateTemplate', rent({ splits: [], value: -150_000 })))).toEqual([
      {
        _tag: 'TemplateCreated',
        template: {
          id: 'rent',
          bankAccountId: 'checking',
          toBankAccountId: null,
          payee: 'Landlord',
          memo: '',
          value: -150_000,
          // No split: the whole value in Uncategorized, as a transaction's.
          splits: [{ categoryId: 'uncategorized', value: -150_000 }],
          frequency: 'Monthly',
          interval: 1,
          startDate: '2025-01-10',
          endDate: null,
          occurrences: null,
          shift: 'None',
          amountMatch: 'Exact',
          skippedThrough: null,
        },
      },
    ])
  })

  it('takes outflow splits given as absolute amounts as negative (the transaction rule), and Once as every 1', () => {
    const { state } = withSavings()
    const [event] = eventsOf(
      state,
      command(
        'CreateTemplate',
        rent({
          frequency: 'Once',
          interval: 5,
          splits: [
            { categoryId: 'rent', value: 140_000 },
            { categoryId: 'food', value: 10_000 },
          ],
        }),
      ),
    )
    expect(event).toMatchObject({
      template: {
        interval: 1,
        splits: [
          { categoryId: 'rent', value: -140_000 },
          { categoryId: 'food', value: -10_000 },
        ],
      },
    })
  })

  it('refuses an end before the start, a taken id, an unknown or closed account, unknown categories, bad splits', () => {
    const book = withRent()
    const { state } = book
    const refused = (extra: Partial<CommandInput<'CreateTemplate'>>) =>
      refusalOf(state, command('CreateTemplate', rent({ templateId: 'other', ...extra })))
    expect(refused({ endDate: '2025-01-09' })).toEqual({
      _tag: 'TemplateEndsBeforeStart',
      code: 'template-ends-before-start',
    })
    expect(refused({ templateId: 'rent' })).toEqual({
      _tag: 'TemplateAlreadyExists',
      code: 'template-already-exists',
      templateId: 'rent',
    })
    expect(refused({ bankAccountId: 'nowhere' })).toMatchObject({ _tag: 'BankAccountNotFound' })
    expect(refused({ splits: [{ categoryId: 'gone', value: -150_000 }] })).toMatchObject({
      _tag: 'CategoryNotFound',
      categoryId: 'gone',
    })
    expect(
      refused({
        splits: [
          { categoryId: 'rent', value: -100_000 },
          { categoryId: 'food', value: -10_000 },
        ],
      }),
    ).toEqual({
      _tag: 'SplitsDoNotSumToValue',
      code: 'splits-do-not-sum-to-value',
      messageKey: 'validation.splitsSum',
      value: -150_000,
      splitsTotal: -110_000,
    })
    book.do('CloseBankAccount', { bankAccountId: 'savings' })
    expect(
      refusalOf(book.state, command('CreateTemplate', rent({ templateId: 'x', bankAccountId: 'savings' }))),
    ).toEqual({ _tag: 'AccountClosed', code: 'account-closed', bankAccountId: 'savings' })
  })

  it('refuses interval 0, 31 February and an unknown frequency at decoding (400), before any decision', () => {
    const decode = Schema.decodeUnknownExit(BudgetCommand)
    const asCommand = (fields: Record<string, unknown>) => ({
      _tag: 'CreateTemplate',
      commandId: 'c',
      at: '2025-01-15T10:00:00Z',
      userId: 'u',
      ...rent(),
      ...fields,
    })
    expect(decode(asCommand({}))._tag).toBe('Success')
    for (const bad of [
      { interval: 0 },
      { startDate: '2025-02-31' },
      { frequency: 'Hourly' },
      { occurrences: 0 },
    ])
      expect(decode(asCommand(bad))._tag).toBe('Failure')
  })

  it('makes a transfer template: another open account, a negative value, no splits', () => {
    const { state } = withSavings()
    expect(eventsOf(state, command('CreateTemplate', transfer()))).toMatchObject([
      { _tag: 'TemplateCreated', template: { toBankAccountId: 'savings', value: -20_000, splits: [] } },
    ])
    expect(refusalOf(state, command('CreateTemplate', transfer({ toBankAccountId: 'checking' })))).toEqual({
      _tag: 'TransferToSameAccount',
      code: 'transfer-to-same-account',
    })
    expect(
      refusalOf(state, command('CreateTemplate', transfer({ toBankAccountId: 'nowhere' }))),
    ).toMatchObject({
      _tag: 'BankAccountNotFound',
      bankAccountId: 'nowhere',
    })
    expect(refusalOf(state, command('CreateTemplate', transfer({ value: 20_000 })))).toEqual({
      _tag: 'TransferTemplateNeedsOutflow',
      code: 'transfer-template-needs-outflow',
      value: 20_000,
    })
    expect(
      refusalOf(
        state,
        command('CreateTemplate', transfer({ splits: [{ categoryId: 'food', value: -20_000 }] })),
      ),
    ).toMatchObject({ _tag: 'TransferHasNoCategories' })
  })
})

describe('EditTemplate', () => {
  it('changes the fields given, validates the merged template, and does nothing when nothing changes', () => {
    const { state } = withRent()
    expect(eventsOf(state, command('EditTemplate', { templateId: 'rent', payee: 'Landlord' }))).toEqual([])
    expect(
      eventsOf(state, command('EditTemplate', { templateId: 'rent', memo: 'flat', endDate: '2025-12-31' })),
    ).toMatchObject([
      { _tag: 'TemplateEdited', template: { memo: 'flat', endDate: '2025-12-31', value: -150_000 } },
    ])
    // A new value with several splits must come with splits that add up to it.
    expect(refusalOf(state, command('EditTemplate', { templateId: 'rent', value: -160_000 }))).toMatchObject({
      _tag: 'SplitsDoNotSumToValue',
    })
    expect(
      refusalOf(state, command('EditTemplate', { templateId: 'rent', endDate: '2024-12-31' })),
    ).toMatchObject({
      _tag: 'TemplateEndsBeforeStart',
    })
    expect(refusalOf(state, command('EditTemplate', { templateId: 'nope', memo: 'x' }))).toEqual({
      _tag: 'TemplateNotFound',
      code: 'template-not-found',
      templateId: 'nope',
    })
  })

  it('scales a one-split template to a new value, clears an end with null, and turns into a transfer', () => {
    const book = withRent({ splits: [{ categoryId: 'rent', value: -150_000 }], endDate: '2025-06-30' })
    expect(
      eventsOf(book.state, command('EditTemplate', { templateId: 'rent', value: -155_000, endDate: null })),
    ).toMatchObject([
      { template: { value: -155_000, splits: [{ categoryId: 'rent', value: -155_000 }], endDate: null } },
    ])
    expect(
      eventsOf(book.state, command('EditTemplate', { templateId: 'rent', toBankAccountId: 'savings' })),
    ).toMatchObject([{ template: { toBankAccountId: 'savings', splits: [] } }])
  })

  it('keeps what was done: confirmed occurrences stay, with their transactions', () => {
    const book = withRent()
    book.do('ConfirmOccurrence', { templateId: 'rent', date: '2025-01-10', transactionId: 'jan' })
    book.do('EditTemplate', { templateId: 'rent', startDate: '2025-01-15' })
    expect(findTransaction(book.state, transactionId('jan'))?.value).toBe(-150_000)
    expect(
      occurrencesOf(book.state, rentId, date('2025-01-01'), date('2025-02-28'), date('2025-01-20')),
    ).toEqual([
      { templateId: 'rent', date: '2025-01-10', status: 'Completed', transactionId: 'jan' },
      { templateId: 'rent', date: '2025-01-15', status: 'Draft', transactionId: null },
      { templateId: 'rent', date: '2025-02-15', status: 'Upcoming', transactionId: null },
    ])
  })
})

describe('ConfirmOccurrence', () => {
  it('records a Regular transaction decided as AddTransaction would, then the completion; again adds nothing', () => {
    const book = withRent()
    const events = book.do('ConfirmOccurrence', {
      templateId: 'rent',
      date: '2025-02-10',
      transactionId: 'feb',
      cleared: true,
    })
    expect(events).toEqual([
      {
        _tag: 'TransactionAdded',
        transaction: {
          id: 'feb',
          bankAccountId: 'checking',
          date: '2025-02-10',
          payee: 'Landlord',
          memo: '',
          value: -150_000,
          direction: 'Outflow',
          kind: 'Regular',
          cleared: true,
          reconciled: false,
          splits: [
            { categoryId: 'rent', value: -140_000 },
            { categoryId: 'food', value: -10_000 },
          ],
          transferId: null,
          enteredBy: 'user-1',
        },
      },
      {
        _tag: 'OccurrenceCompleted',
        templateId: 'rent',
        completion: { date: '2025-02-10', outcome: 'Completed', transactionId: 'feb' },
      },
    ])
    expect(
      eventsOf(
        book.state,
        command('ConfirmOccurrence', { templateId: 'rent', date: '2025-02-10', transactionId: 'x' }),
      ),
    ).toEqual([])
  })

  it('refuses a date that is not an occurrence, and an unknown template', () => {
    const { state } = withRent()
    expect(
      refusalOf(
        state,
        command('ConfirmOccurrence', { templateId: 'rent', date: '2025-02-11', transactionId: 'x' }),
      ),
    ).toEqual({
      _tag: 'OccurrenceNotFound',
      code: 'occurrence-not-found',
      templateId: 'rent',
      date: '2025-02-11',
    })
    expect(
      refusalOf(
        state,
        command('ConfirmOccurrence', { templateId: 'nope', date: '2025-02-10', transactionId: 'x' }),
      ),
    ).toMatchObject({ _tag: 'TemplateNotFound' })
  })

  it('takes another value and date; several splits then need splits that add up', () => {
    const { state } = withRent()
    const confirm = (extra: Partial<CommandInput<'ConfirmOccurrence'>>) =>
      command('ConfirmOccurrence', { templateId: 'rent', date: '2025-03-10', transactionId: 'mar', ...extra })
    expect(refusalOf(state, confirm({ value: -160_000 }))).toMatchObject({
      _tag: 'SplitsDoNotSumToValue',
      value: -160_000,
    })
    const [added, completed] = eventsOf(
      state,
      confirm({
        value: -160_000,
        transactionDate: '2025-03-12',
        splits: [
          { categoryId: 'rent', value: -150_000 },
          { categoryId: 'food', value: -10_000 },
        ],
      }),
    )
    expect(added).toMatchObject({ transaction: { date: '2025-03-12', value: -160_000 } })
    // The occurrence is known by its own date, whatever the transaction's.
    expect(completed).toMatchObject({ completion: { date: '2025-03-10', transactionId: 'mar' } })
  })

  it('scales a changed value to the one category of a one-split template', () => {
    const { state } = withRent({ splits: [{ categoryId: 'rent', value: -150_000 }] })
    const [added] = eventsOf(
      state,
      command('ConfirmOccurrence', {
        templateId: 'rent',
        date: '2025-03-10',
        transactionId: 'm',
        value: -99_00,
      }),
    )
    expect(added).toMatchObject({
      transaction: { value: -9_900, splits: [{ categoryId: 'rent', value: -9_900 }] },
    })
  })

  it('confirms a transfer template as a transfer with the ids given, and needs them', () => {
    const book = withSavings()
    book.do('CreateTemplate', transfer())
    const confirm = command('ConfirmOccurrence', {
      templateId: 'saving',
      date: '2025-01-10',
      transactionId: 'out',
      transfer: { transferId: 'tr', inflowTransactionId: 'in' },
    })
    expect(eventsOf(book.state, confirm)).toMatchObject([
      {
        _tag: 'TransferAdded',
        transferId: 'tr',
        outflow: { id: 'out', bankAccountId: 'checking', value: -20_000 },
        inflow: { id: 'in', bankAccountId: 'savings', value: 20_000 },
      },
      { _tag: 'OccurrenceCompleted', completion: { transactionId: 'out', outcome: 'Completed' } },
    ])
    expect(
      refusalOf(
        book.state,
        command('ConfirmOccurrence', { templateId: 'saving', date: '2025-01-10', transactionId: 'o' }),
      ),
    ).toEqual({ _tag: 'OccurrenceNeedsTransfer', code: 'occurrence-needs-transfer', templateId: 'saving' })
  })

  it('refuses a taken transaction id, as AddTransaction does', () => {
    const book = withRent()
    book.do('ConfirmOccurrence', { templateId: 'rent', date: '2025-01-10', transactionId: 'jan' })
    expect(
      refusalOf(
        book.state,
        command('ConfirmOccurrence', { templateId: 'rent', date: '2025-02-10', transactionId: 'jan' }),
      ),
    ).toMatchObject({ _tag: 'TransactionAlreadyExists' })
  })
})

describe('skipping', () => {
  it('skips one occurrence (idempotent), and a backlog only forward', () => {
    const book = withRent()
    expect(book.do('SkipOccurrence', { templateId: 'rent', date: '2025-01-10' })).toEqual([
      {
        _tag: 'OccurrenceCompleted',
        templateId: 'rent',
        completion: { date: '2025-01-10', outcome: 'Skipped', transactionId: null },
      },
    ])
    expect(
      eventsOf(book.state, command('SkipOccurrence', { templateId: 'rent', date: '2025-01-10' })),
    ).toEqual([])
    expect(
      eventsOf(
        book.state,
        command('ConfirmOccurrence', { templateId: 'rent', date: '2025-01-10', transactionId: 'x' }),
      ),
    ).toEqual([])
    expect(book.do('SkipOccurrencesThrough', { templateId: 'rent', date: '2025-04-30' })).toEqual([
      { _tag: 'OccurrencesSkippedThrough', templateId: 'rent', date: '2025-04-30' },
    ])
    expect(
      eventsOf(book.state, command('SkipOccurrencesThrough', { templateId: 'rent', date: '2025-03-01' })),
    ).toEqual([])
    expect(
      occurrencesOf(book.state, rentId, date('2025-01-01'), date('2025-06-30'), date('2025-05-05')),
    ).toEqual([
      { templateId: 'rent', date: '2025-01-10', status: 'Skipped', transactionId: null },
      { templateId: 'rent', date: '2025-02-10', status: 'Skipped', transactionId: null },
      { templateId: 'rent', date: '2025-03-10', status: 'Skipped', transactionId: null },
      { templateId: 'rent', date: '2025-04-10', status: 'Skipped', transactionId: null },
      { templateId: 'rent', date: '2025-05-10', status: 'Draft', transactionId: null },
      { templateId: 'rent', date: '2025-06-10', status: 'Upcoming', transactionId: null },
    ])
  })

  it('sets the draft horizon, and nothing when it is the same', () => {
    const book = withRent()
    expect(eventsOf(book.state, command('SetDraftHorizon', { days: 7 }))).toEqual([])
    expect(book.do('SetDraftHorizon', { days: 3 })).toEqual([{ _tag: 'DraftHorizonSet', days: 3 }])
    // January's, never acted on, stays a draft; February's is due from 3 days before it.
    expect(dueDrafts(book.state, date('2025-02-06')).map((row) => row.date)).toEqual(['2025-01-10'])
    expect(dueDrafts(book.state, date('2025-02-07')).map((row) => row.date)).toEqual([
      '2025-01-10',
      '2025-02-10',
    ])
  })
})

describe('an entered or imported transaction completes a due draft', () => {
  const entered = (id: string, value: number, on: string, bankAccountId = 'checking') => ({
    transactionId: id,
    bankAccountId,
    date: on,
    payee: 'Landlord',
    value,
    splits: [{ categoryId: 'rent', value }],
  })

  it('within ±2 days and the exact amount: OccurrenceCompleted follows TransactionAdded', () => {
    const book = withRent()
    expect(book.do('AddTransaction', entered('feb', -150_000, '2025-02-12'))).toMatchObject([
      { _tag: 'TransactionAdded' },
      {
        _tag: 'OccurrenceCompleted',
        completion: { date: '2025-02-10', outcome: 'Completed', transactionId: 'feb' },
      },
    ])
    // The same occurrence is not completed twice; three days off or another amount or account matches nothing.
    for (const [id, value, on, account] of [
      ['a', -150_000, '2025-02-11', 'checking'],
      ['b', -150_000, '2025-03-13', 'checking'],
      ['c', -150_001, '2025-03-10', 'checking'],
      ['d', -150_000, '2025-03-10', 'savings'],
    ] as const)
      expect(book.do('AddTransaction', entered(id, value, on, account))).toHaveLength(1)
  })

  it('within ±7.5 % for an Approximate template; the closest occurrence wins', () => {
    const book = withRent({ amountMatch: 'Approximate', frequency: 'Daily', interval: 3 })
    // Occurrences on 10, 13, 16 January …; 12 January is closest to 13.
    expect(
      matchingOccurrence(book.state, { bankAccountId: checking, value: -161_250, date: date('2025-01-12') }),
    ).toEqual({ templateId: 'rent', date: '2025-01-13' })
    expect(
      matchingOccurrence(book.state, { bankAccountId: checking, value: -161_251, date: date('2025-01-12') }),
    ).toBeUndefined()
    expect(
      matchingOccurrence(book.state, { bankAccountId: checking, value: 150_000, date: date('2025-01-12') }),
    ).toBeUndefined()
  })

  it('an import records the occurrences it completes, each once; undoing it makes them drafts again', () => {
    const book = withRent()
    const item = (id: string, on: string) => ({
      _tag: 'AddTransaction' as const,
      ...entered(id, -150_000, on),
    })
    const [imported] = book.do('ImportTransactions', {
      items: [item('i1', '2025-01-10'), item('i2', '2025-01-11'), item('i3', '2025-02-09')],
      file: {
        importId: 'imp',
        bankAccountId: 'checking',
        format: 'mbank',
        fileName: 'a.csv',
        keys: [],
        replaces: [],
      },
    })
    expect(imported).toMatchObject({
      completes: [
        { templateId: 'rent', date: '2025-01-10', transactionId: 'i1' },
        { templateId: 'rent', date: '2025-02-10', transactionId: 'i3' },
      ],
    })
    expect(dueDrafts(book.state, date('2025-02-10'))).toEqual([])
    book.do('UndoImport', { importId: 'imp' })
    expect(dueDrafts(book.state, date('2025-02-10')).map((row) => row.date)).toEqual([
      '2025-01-10',
      '2025-02-10',
    ])
  })
})

describe('templates and the rest of the budget', () => {
  it('deleting a category moves template splits to the chosen category, as it moves transactions', () => {
    const book = withRent()
    book.do('DeleteCategory', { categoryId: 'food', moveToCategoryId: 'rent' })
    expect(book.state.templates.get(rentId)?.splits).toEqual([
      { categoryId: 'rent', value: -140_000 },
      { categoryId: 'rent', value: -10_000 },
    ])
  })

  it('a fresh start keeps templates and what was done with their occurrences', () => {
    const book = withRent()
    book.do('ConfirmOccurrence', { templateId: 'rent', date: '2025-01-10', transactionId: 'jan' })
    book.do('ResetBudget', { date: '2025-01-20' })
    expect(book.state.templates.has(rentId)).toBe(true)
    expect(dueDrafts(book.state, date('2025-01-20'))).toEqual([])
  })

  it('a closed account may keep its templates: they make no drafts and cannot be confirmed', () => {
    const book = withRent({ bankAccountId: 'savings', splits: [] })
    book.do('CloseBankAccount', { bankAccountId: 'savings' })
    expect(dueDrafts(book.state, date('2025-03-01'))).toEqual([])
    expect(
      occurrencesBetween(book.state, date('2025-01-01'), date('2025-03-01'), date('2025-03-01')),
    ).toEqual([])
    expect(
      refusalOf(
        book.state,
        command('ConfirmOccurrence', { templateId: 'rent', date: '2025-01-10', transactionId: 'x' }),
      ),
    ).toMatchObject({ _tag: 'AccountClosed' })
    // Moved onto an open account, it lives again.
    book.do('EditTemplate', { templateId: 'rent', bankAccountId: 'checking' })
    expect(dueDrafts(book.state, date('2025-01-10'))).toHaveLength(1)
  })

  it('deleting a template forgets its completions; its transactions stay', () => {
    const book = withRent()
    book.do('ConfirmOccurrence', { templateId: 'rent', date: '2025-01-10', transactionId: 'jan' })
    expect(book.do('DeleteTemplate', { templateId: 'rent' })).toEqual([
      { _tag: 'TemplateDeleted', templateId: 'rent' },
    ])
    expect(book.state.completions.size).toBe(0)
    expect(findTransaction(book.state, transactionId('jan'))).toBeDefined()
    expect(refusalOf(book.state, command('DeleteTemplate', { templateId: 'rent' }))).toMatchObject({
      _tag: 'TemplateNotFound',
    })
  })

  it('drafts change no balance and no month: only a confirmation does', () => {
    const book = withRent()
    const before = book.state
    book.do('CreateTemplate', transfer())
    book.do('SkipOccurrence', { templateId: 'rent', date: '2025-01-10' })
    expect(monthView(book.state, period('202501'))).toEqual(monthView(before, period('202501')))
    expect(accountBalance(book.state, checking)).toEqual(accountBalance(before, checking))
  })

  it('the snapshot carries templates, completions and the horizon; an older snapshot loads with none', () => {
    const book = withRent()
    book.do('ConfirmOccurrence', { templateId: 'rent', date: '2025-01-10', transactionId: 'jan' })
    book.do('SkipOccurrencesThrough', { templateId: 'rent', date: '2025-03-31' })
    book.do('SetDraftHorizon', { days: 10 })
    const encoded = Schema.encodeSync(BudgetStateSnapshot)(toSnapshot(book.state))
    const loaded = fromSnapshot(
      Schema.decodeUnknownSync(BudgetStateSnapshot)(JSON.parse(JSON.stringify(encoded))),
    )
    expect(toSnapshot(loaded)).toEqual(toSnapshot(book.state))
    expect(loaded.draftHorizonDays).toBe(10)
    const { templates: _t, completions: _c, draftHorizonDays: _d, ...older } = encoded
    const old = fromSnapshot(Schema.decodeUnknownSync(BudgetStateSnapshot)(older))
    expect(old.templates.size).toBe(0)
    expect(old.completions.size).toBe(0)
    expect(old.draftHorizonDays).toBe(initialState.draftHorizonDays)
  })

  it('an event for a deleted template changes nothing (evolve never refuses)', () => {
    const book = withRent()
    book.do('DeleteTemplate', { templateId: 'rent' })
    const state = evolve(book.state, {
      _tag: 'OccurrenceCompleted',
      templateId: rentId,
      completion: { date: date('2025-01-10'), outcome: 'Skipped', transactionId: null },
    })
    expect(state.completions.size).toBe(0)
  })
})

describe('occurrences as the app shows them', () => {
  it('Draft when due (today + horizon), Upcoming after; dueDrafts lists every template oldest first', () => {
    const book = withRent()
    book.do('CreateTemplate', rent({ templateId: 'gym', value: -9_900, splits: [], startDate: '2025-02-03' }))
    expect(
      occurrencesBetween(book.state, date('2025-02-01'), date('2025-03-31'), date('2025-02-01')),
    ).toEqual([
      { templateId: 'gym', date: '2025-02-03', status: 'Draft', transactionId: null },
      { templateId: 'rent', date: '2025-02-10', status: 'Upcoming', transactionId: null },
      { templateId: 'gym', date: '2025-03-03', status: 'Upcoming', transactionId: null },
      { templateId: 'rent', date: '2025-03-10', status: 'Upcoming', transactionId: null },
    ])
    expect(dueDrafts(book.state, date('2025-02-03'))).toEqual([
      { templateId: 'rent', date: '2025-01-10', status: 'Draft', transactionId: null },
      { templateId: 'gym', date: '2025-02-03', status: 'Draft', transactionId: null },
      { templateId: 'rent', date: '2025-02-10', status: 'Draft', transactionId: null },
    ])
  })

  it('monthlyAmountOf: what a template asks per month, rounded up', () => {
    const of = (frequency: TransactionTemplate['frequency'], interval: number, value = -120_000) =>
      monthlyAmountOf({ value: value as TransactionTemplate['value'], frequency, interval })
    expect(of('Monthly', 1)).toBe(120_000)
    expect(of('Monthly', 2)).toBe(60_000)
    expect(of('Quarterly', 1)).toBe(40_000)
    expect(of('Yearly', 1)).toBe(10_000)
    expect(of('Once', 1)).toBe(120_000)
    expect(of('Weekly', 1, -7_000)).toBe(30_437)
    expect(of('Daily', 1, -100)).toBe(3_044)
  })
})
