import { describe, expect, it } from 'vitest'
import { reconciliationPayee } from '../../../domain/decideMoney.ts'
import { evolve } from '../../../domain/evolve.ts'
import { accountBalance, monthView } from '../../../domain/monthView.ts'
import { findTransaction } from '../../../domain/state.ts'
import { BankAccountId } from '../../../schemas/ids.ts'
import { command, eventsOf, period, refusalOf, starterBudget, transactionId } from './fixtures.ts'
import { snapshot } from './sequences.ts'

const spend = (id: string, value: number, extra: Record<string, unknown> = {}) =>
  ({
    transactionId: id,
    bankAccountId: 'checking',
    date: '2025-01-10',
    payee: 'Sklep',
    value,
    splits: [{ categoryId: 'food', value }],
    ...extra,
  }) as const

const withTransfer = () => {
  const book = starterBudget()
  book.do('OpenBankAccount', {
    bankAccountId: 'savings',
    name: 'Oszczędności',
    type: 'unconnected',
    balance: 0,
    date: '2025-01-01',
  })
  book.do('AddTransfer', {
    transferId: 'tr',
    outflowTransactionId: 'tr-out',
    inflowTransactionId: 'tr-in',
    fromBankAccountId: 'checking',
    toBankAccountId: 'savings',
    date: '2025-01-05',
    value: 1_000,
  })
  return book
}

describe('bank accounts', () => {
  it('opens an unconnected account with its opening balance and date', () => {
    const { state } = starterBudget()
    expect(
      eventsOf(
        state,
        command('OpenBankAccount', {
          bankAccountId: 'cash',
          name: 'Portfel',
          type: 'unconnected',
          balance: 25_000,
          date: '2025-01-03',
        }),
      ),
    ).toEqual([
      {
        _tag: 'BankAccountOpened',
        bankAccountId: 'cash',
        name: 'Portfel',
        type: 'unconnected',
        openingBalance: 25_000,
        openingDate: '2025-01-03',
      },
    ])
    expect(
      refusalOf(
        state,
        command('OpenBankAccount', {
          bankAccountId: 'checking',
          name: 'X',
          type: 'unconnected',
          balance: 0,
          date: '2025-01-03',
        }),
      )._tag,
    ).toBe('BankAccountAlreadyExists')
  })
  it('renames, and does nothing for the same name', () => {
    const { state } = starterBudget()
    expect(
      eventsOf(state, command('RenameBankAccount', { bankAccountId: 'checking', name: 'Konto' })),
    ).toEqual([{ _tag: 'BankAccountRenamed', bankAccountId: 'checking', name: 'Konto' }])
    expect(eventsOf(state, command('RenameBankAccount', { bankAccountId: 'checking', name: 'ROR' }))).toEqual(
      [],
    )
  })
  it('closes only at a zero balance; closing twice does nothing; a closed account takes no transactions', () => {
    const book = starterBudget()
    book.do('AddTransaction', spend('t1', -500))
    expect(refusalOf(book.state, command('CloseBankAccount', { bankAccountId: 'checking' }))).toEqual({
      _tag: 'AccountNotZero',
      code: 'account-not-zero',
      bankAccountId: 'checking',
      balance: -500,
    })
    book.do('DeleteTransaction', { transactionId: 't1' })
    expect(book.do('CloseBankAccount', { bankAccountId: 'checking' })).toEqual([
      { _tag: 'BankAccountClosed', bankAccountId: 'checking' },
    ])
    expect(eventsOf(book.state, command('CloseBankAccount', { bankAccountId: 'checking' }))).toEqual([])
    expect(refusalOf(book.state, command('AddTransaction', spend('t2', -1)))).toEqual({
      _tag: 'AccountClosed',
      code: 'account-closed',
      bankAccountId: 'checking',
    })
  })
})

describe('AddTransaction', () => {
  it('adds an outflow with its split, direction derived from the sign', () => {
    const { state } = starterBudget()
    expect(
      eventsOf(state, command('AddTransaction', spend('t1', -1_250, { memo: 'chleb', cleared: true }))),
    ).toEqual([
      {
        _tag: 'TransactionAdded',
        transaction: {
          id: 't1',
          bankAccountId: 'checking',
          date: '2025-01-10',
          payee: 'Sklep',
          memo: 'chleb',
          value: -1_250,
          direction: 'Outflow',
          kind: 'Regular',
          cleared: true,
          reconciled: false,
          splits: [{ categoryId: 'food', value: -1_250 }],
          transferId: null,
          // The command's user: who entered it (domain/authorship.ts).
          enteredBy: 'user-1',
        },
      },
    ])
  })
  it('puts a transaction without splits into Uncategorized, and lets one split take the whole value', () => {
    const { state } = starterBudget()
    const [none] = eventsOf(state, command('AddTransaction', { ...spend('t1', -300), splits: [] }))
    expect(none).toMatchObject({ transaction: { splits: [{ categoryId: 'uncategorized', value: -300 }] } })
    const [one] = eventsOf(
      state,
      command('AddTransaction', { ...spend('t2', -300), splits: [{ categoryId: 'rent', value: -1 }] }),
    )
    expect(one).toMatchObject({ transaction: { splits: [{ categoryId: 'rent', value: -300 }] } })
  })
  it('accepts several splits summing exactly to the value, or to its absolute value for an outflow', () => {
    const { state } = starterBudget()
    const [exact] = eventsOf(
      state,
      command('AddTransaction', {
        ...spend('t1', -300),
        splits: [
          { categoryId: 'rent', value: -100 },
          { categoryId: 'food', value: -200 },
        ],
      }),
    )
    expect(exact).toMatchObject({ transaction: { splits: [{ value: -100 }, { value: -200 }] } })
    const [absolute] = eventsOf(
      state,
      command('AddTransaction', {
        ...spend('t2', -300),
        splits: [
          { categoryId: 'rent', value: 100 },
          { categoryId: 'food', value: 200 },
        ],
      }),
    )
    expect(absolute).toMatchObject({ transaction: { splits: [{ value: -100 }, { value: -200 }] } })
  })
  it('refuses splits that miss the value by even one grosz, with SPEC’s message key', () => {
    const { state } = starterBudget()
    const cmd = command('AddTransaction', {
      ...spend('t1', -300),
      splits: [
        { categoryId: 'rent', value: -100 },
        { categoryId: 'food', value: -199 },
      ],
    })
    expect(refusalOf(state, cmd)).toEqual({
      _tag: 'SplitsDoNotSumToValue',
      code: 'splits-do-not-sum-to-value',
      messageKey: 'validation.splitsSum',
      value: -300,
      splitsTotal: -299,
    })
  })
  it('refuses unknown accounts, unknown categories and a taken id', () => {
    const book = starterBudget()
    expect(
      refusalOf(book.state, command('AddTransaction', { ...spend('t1', -1), bankAccountId: 'nope' }))._tag,
    ).toBe('BankAccountNotFound')
    expect(
      refusalOf(
        book.state,
        command('AddTransaction', { ...spend('t1', -1), splits: [{ categoryId: 'ghost', value: -1 }] }),
      )._tag,
    ).toBe('CategoryNotFound')
    book.do('AddTransaction', spend('t1', -1))
    expect(refusalOf(book.state, command('AddTransaction', spend('t1', -1)))._tag).toBe(
      'TransactionAlreadyExists',
    )
  })
})

describe('EditTransaction and DeleteTransaction', () => {
  it('edits a transaction and carries the whole new version', () => {
    const book = starterBudget()
    book.do('AddTransaction', spend('t1', -300))
    const [edited] = eventsOf(
      book.state,
      command('EditTransaction', { transactionId: 't1', value: 500, payee: 'Zwrot' }),
    )
    expect(edited).toMatchObject({
      _tag: 'TransactionEdited',
      transaction: {
        id: 't1',
        value: 500,
        direction: 'Inflow',
        payee: 'Zwrot',
        splits: [{ categoryId: 'food', value: 500 }],
      },
    })
  })
  it('does nothing when the edit changes nothing', () => {
    const book = starterBudget()
    book.do('AddTransaction', spend('t1', -300))
    expect(
      eventsOf(book.state, command('EditTransaction', { transactionId: 't1', value: -300, payee: 'Sklep' })),
    ).toEqual([])
  })
  it('refuses a new value that several splits no longer add up to', () => {
    const book = starterBudget()
    book.do('AddTransaction', {
      ...spend('t1', -300),
      splits: [
        { categoryId: 'rent', value: -100 },
        { categoryId: 'food', value: -200 },
      ],
    })
    expect(refusalOf(book.state, command('EditTransaction', { transactionId: 't1', value: -301 }))._tag).toBe(
      'SplitsDoNotSumToValue',
    )
  })
  it('deletes, and refuses an unknown transaction', () => {
    const book = starterBudget()
    book.do('AddTransaction', spend('t1', -300))
    expect(eventsOf(book.state, command('DeleteTransaction', { transactionId: 't1' }))).toEqual([
      { _tag: 'TransactionDeleted', transactionId: 't1' },
    ])
    expect(refusalOf(book.state, command('DeleteTransaction', { transactionId: 'nope' }))).toEqual({
      _tag: 'TransactionNotFound',
      code: 'transaction-not-found',
      transactionId: 'nope',
    })
  })
})

describe('transfers', () => {
  it('adds a linked Internal pair without categories', () => {
    const book = withTransfer()
    const out = findTransaction(book.state, transactionId('tr-out'))
    const inn = findTransaction(book.state, transactionId('tr-in'))
    expect(out).toMatchObject({
      value: -1_000,
      direction: 'Internal',
      splits: [],
      transferId: 'tr',
      bankAccountId: 'checking',
    })
    expect(inn).toMatchObject({
      value: 1_000,
      direction: 'Internal',
      splits: [],
      transferId: 'tr',
      bankAccountId: 'savings',
    })
  })
  const base = {
    transferId: 't2',
    outflowTransactionId: 'a',
    inflowTransactionId: 'b',
    fromBankAccountId: 'checking',
    date: '2025-01-05',
  }
  it('refuses a transfer to the same account and a non-positive value', () => {
    const { state } = withTransfer()
    expect(
      refusalOf(state, command('AddTransfer', { ...base, toBankAccountId: 'checking', value: 5 })),
    ).toEqual({
      _tag: 'TransferToSameAccount',
      code: 'transfer-to-same-account',
    })
    expect(
      refusalOf(state, command('AddTransfer', { ...base, toBankAccountId: 'savings', value: 0 }))._tag,
    ).toBe('AmountMustBePositive')
  })
  it('refuses a transfer id already in use: the new pair would take over the link of the first', () => {
    const { state } = withTransfer()
    expect(
      refusalOf(
        state,
        command('AddTransfer', { ...base, transferId: 'tr', toBankAccountId: 'savings', value: 5 }),
      ),
    ).toEqual({ _tag: 'TransferAlreadyExists', code: 'transfer-already-exists', transferId: 'tr' })
  })
  it('editing one side changes both', () => {
    const book = withTransfer()
    const [edited] = book.do('EditTransaction', { transactionId: 'tr-in', value: 2_500, date: '2025-01-07' })
    expect(edited).toMatchObject({
      _tag: 'TransferEdited',
      transferId: 'tr',
      outflow: { id: 'tr-out', value: -2_500, date: '2025-01-07' },
      inflow: { id: 'tr-in', value: 2_500, date: '2025-01-07' },
    })
    expect(accountBalance(book.state, BankAccountId.make('checking')).working).toBe(-2_500)
    expect(accountBalance(book.state, BankAccountId.make('savings')).working).toBe(2_500)
  })
  it('deleting one side deletes both', () => {
    const book = withTransfer()
    expect(book.do('DeleteTransaction', { transactionId: 'tr-out' })).toEqual([
      {
        _tag: 'TransferDeleted',
        transferId: 'tr',
        outflowTransactionId: 'tr-out',
        inflowTransactionId: 'tr-in',
      },
    ])
    expect(book.state.transactionCount).toBe(0)
  })
  it('refuses categories on a transfer side', () => {
    const { state } = withTransfer()
    expect(
      refusalOf(
        state,
        command('EditTransaction', {
          transactionId: 'tr-out',
          splits: [{ categoryId: 'food', value: -1_000 }],
        }),
      )._tag,
    ).toBe('TransferHasNoCategories')
  })
})

describe('ImportTransactions', () => {
  const transferToSavings = (id: string, value: number) =>
    command('AddTransfer', {
      transferId: id,
      outflowTransactionId: `${id}-out`,
      inflowTransactionId: `${id}-in`,
      fromBankAccountId: 'checking',
      toBankAccountId: 'savings',
      date: '2025-01-06',
      value,
    })
  const items = () => [
    command('AddTransaction', spend('t1', -1_250)),
    transferToSavings('x', 4_000),
    command('AddTransaction', spend('t2', 30_000, { splits: [{ categoryId: 'salary', value: 30_000 }] })),
  ]

  it('adds transactions and transfers as one TransactionsImported, in the order given, as adding each would', () => {
    const { state } = withTransfer()
    const events = eventsOf(state, command('ImportTransactions', { items: items() }))
    expect(events).toHaveLength(1)
    const [imported] = events
    if (imported?._tag !== 'TransactionsImported') throw new Error(`not an import: ${imported?._tag}`)
    expect(imported.transactions.map((transaction) => transaction.id)).toEqual(['t1', 'x-out', 'x-in', 't2'])
    expect(imported.transfers).toEqual([
      { transferId: 'x', outflowTransactionId: 'x-out', inflowTransactionId: 'x-in' },
    ])
    const oneByOne = withTransfer()
    for (const item of items()) oneByOne.run(item)
    expect(snapshot(evolve(state, imported))).toEqual(snapshot(oneByOne.state))
  })
  it('refuses the whole import, naming the refused item: its own refusal, or an id an earlier item took', () => {
    const book = withTransfer()
    expect(
      refusalOf(
        book.state,
        command('ImportTransactions', {
          items: [...items(), command('AddTransaction', { ...spend('t3', -1), bankAccountId: 'nope' })],
        }),
      ),
    ).toEqual({
      _tag: 'BankAccountNotFound',
      code: 'bank-account-not-found',
      bankAccountId: 'nope',
      itemIndex: 3,
    })
    expect(
      refusalOf(
        book.state,
        command('ImportTransactions', { items: [...items(), command('AddTransaction', spend('x-in', -1))] }),
      ),
    ).toEqual({
      _tag: 'TransactionAlreadyExists',
      code: 'transaction-already-exists',
      transactionId: 'x-in',
      itemIndex: 3,
    })
    expect(
      refusalOf(
        book.state,
        command('ImportTransactions', {
          items: [
            ...items(),
            { ...transferToSavings('x', 1), outflowTransactionId: 'y-out', inflowTransactionId: 'y-in' },
          ],
        }),
      ),
    ).toEqual({
      _tag: 'TransferAlreadyExists',
      code: 'transfer-already-exists',
      transferId: 'x',
      itemIndex: 3,
    })
    book.do('AddTransaction', spend('t1', -1))
    expect(refusalOf(book.state, command('ImportTransactions', { items: items() }))).toMatchObject({
      _tag: 'TransactionAlreadyExists',
      itemIndex: 0,
    })
  })
  it('imports nothing from no items', () => {
    const { state } = withTransfer()
    expect(eventsOf(state, command('ImportTransactions', { items: [] }))).toEqual([])
  })
})

describe('ReconcileAccount', () => {
  it('adds an adjustment for the difference and locks the cleared transactions', () => {
    const book = starterBudget()
    book.do('AddTransaction', spend('t1', -300, { cleared: true }))
    book.do('AddTransaction', spend('t2', -50))
    const events = book.do('ReconcileAccount', {
      bankAccountId: 'checking',
      date: '2025-01-31',
      balance: -400,
      adjustmentTransactionId: 'adj',
    })
    expect(events).toEqual([
      {
        _tag: 'TransactionAdded',
        transaction: {
          id: 'adj',
          bankAccountId: 'checking',
          date: '2025-01-31',
          payee: reconciliationPayee,
          memo: '',
          value: -100,
          direction: 'Outflow',
          kind: 'Regular',
          cleared: true,
          reconciled: true,
          splits: [{ categoryId: 'uncategorized', value: -100 }],
          transferId: null,
          enteredBy: 'user-1',
        },
      },
      {
        _tag: 'AccountReconciled',
        bankAccountId: 'checking',
        date: '2025-01-31',
        balance: -400,
        reconciledTransactionIds: ['t1'],
      },
    ])
    expect(accountBalance(book.state, BankAccountId.make('checking'))).toMatchObject({
      cleared: -400,
      uncleared: -50,
      working: -450,
    })
    expect(
      monthView(book.state, period('202501')).categories.find((c) => c.id === 'uncategorized')?.activity,
    ).toBe(-100)
  })
  it('adds no adjustment when the balance matches', () => {
    const book = starterBudget()
    book.do('AddTransaction', spend('t1', -300, { cleared: true }))
    expect(
      eventsOf(
        book.state,
        command('ReconcileAccount', {
          bankAccountId: 'checking',
          date: '2025-01-31',
          balance: -300,
          adjustmentTransactionId: 'adj',
        }),
      ),
    ).toEqual([
      {
        _tag: 'AccountReconciled',
        bankAccountId: 'checking',
        date: '2025-01-31',
        balance: -300,
        reconciledTransactionIds: ['t1'],
      },
    ])
  })
  it('a reconciled transaction refuses edits and deletion unless explicitly allowed', () => {
    const book = starterBudget()
    book.do('AddTransaction', spend('t1', -300, { cleared: true }))
    book.do('ReconcileAccount', {
      bankAccountId: 'checking',
      date: '2025-01-31',
      balance: -300,
      adjustmentTransactionId: 'adj',
    })
    expect(refusalOf(book.state, command('EditTransaction', { transactionId: 't1', value: -1 }))).toEqual({
      _tag: 'ReconciledTransactionLocked',
      code: 'reconciled-transaction-locked',
      transactionId: 't1',
    })
    expect(refusalOf(book.state, command('DeleteTransaction', { transactionId: 't1' }))._tag).toBe(
      'ReconciledTransactionLocked',
    )
    const [edited] = eventsOf(
      book.state,
      command('EditTransaction', { transactionId: 't1', memo: 'ok', allowReconciledEdit: true }),
    )
    expect(edited).toMatchObject({ transaction: { memo: 'ok', reconciled: true } })
  })
})

describe('authorship', () => {
  it('stamps the acting user on what an add, an edit and a transfer write; a no-op edit keeps the author', () => {
    const book = withTransfer()
    book.do('AddTransaction', spend('t1', -500))
    const partner = { userId: 'user-2' }
    const [edited] = eventsOf(
      book.state,
      command('EditTransaction', { transactionId: 't1', memo: 'x', ...partner }),
    )
    expect(edited).toMatchObject({
      _tag: 'TransactionEdited',
      transaction: { id: 't1', enteredBy: 'user-2' },
    })
    expect(
      eventsOf(book.state, command('EditTransaction', { transactionId: 't1', memo: '', ...partner })),
    ).toEqual([])
    const [transfer] = eventsOf(
      book.state,
      command('EditTransaction', { transactionId: 'tr-out', value: -2_000, ...partner }),
    )
    expect(transfer).toMatchObject({
      _tag: 'TransferEdited',
      outflow: { enteredBy: 'user-2' },
      inflow: { enteredBy: 'user-2' },
    })
    expect(findTransaction(book.state, transactionId('t1'))?.enteredBy).toBe('user-1')
  })
  it('stamps every row of a bulk import with the importing user', () => {
    const { state } = starterBudget()
    const [imported] = eventsOf(
      state,
      command('ImportTransactions', {
        userId: 'user-2',
        items: [
          { _tag: 'AddTransaction', ...spend('b1', -100) },
          { _tag: 'AddTransaction', ...spend('b2', -200) },
        ],
      }),
    )
    expect(
      imported?._tag === 'TransactionsImported' && imported.transactions.map((t) => t.enteredBy),
    ).toEqual(['user-2', 'user-2'])
  })
})

// Issue 32 §2: tracking (off-budget) accounts — outside Ready to Assign, no categories, a category across the edge.
describe('a tracking account', () => {
  const withTracking = () => {
    const book = starterBudget()
    book.do('OpenBankAccount', {
      bankAccountId: 'shares',
      name: 'Akcje',
      type: 'unconnected',
      balance: 700_000,
      date: '2025-01-01',
      offBudget: true,
    })
    return book
  }
  const across = (extra: Record<string, unknown> = {}) =>
    command('AddTransfer', {
      transferId: 'buy',
      outflowTransactionId: 'buy-out',
      inflowTransactionId: 'buy-in',
      fromBankAccountId: 'checking',
      toBankAccountId: 'shares',
      date: '2025-01-12',
      value: 5_000,
      ...extra,
    })

  it('keeps its opening balance out of Ready to Assign', () => {
    const book = withTracking()
    expect(book.state.accounts.get(BankAccountId.make('shares'))?.offBudget).toBe(true)
    expect(monthView(book.state, period('202501')).readyToAssign).toBe(0)
  })

  it('stores its transactions without a category and refuses one given', () => {
    const book = withTracking()
    const [added] = eventsOf(
      book.state,
      command('AddTransaction', spend('gain', 3_000, { bankAccountId: 'shares', splits: [] })),
    )
    expect(added).toMatchObject({ transaction: { splits: [] } })
    const categorized = spend('dividend', 3_000, {
      bankAccountId: 'shares',
      splits: [{ categoryId: 'salary', value: 3_000 }],
    })
    expect(refusalOf(book.state, command('AddTransaction', categorized)).code).toBe(
      'off-budget-has-no-categories',
    )
  })

  it('gives a transfer across the edge a category on the budget side only (Uncategorized when none)', () => {
    const book = withTracking()
    const [withFood] = eventsOf(book.state, across({ categoryId: 'food' }))
    expect(withFood).toMatchObject({
      outflow: { splits: [{ categoryId: 'food', value: -5_000 }] },
      inflow: { splits: [] },
    })
    const [none] = eventsOf(book.state, across())
    expect(none).toMatchObject({ outflow: { splits: [{ categoryId: 'uncategorized', value: -5_000 }] } })
    book.run(across({ categoryId: 'food' }))
    const food = monthView(book.state, period('202501')).categories.find((c) => c.id === 'food')
    expect(food?.activity).toBe(-5_000)
  })

  it('keeps the category when the transfer is edited, and drops it when it moves inside the budget', () => {
    const book = withTracking()
    book.run(across({ categoryId: 'food' }))
    book.do('OpenBankAccount', {
      bankAccountId: 'savings',
      name: 'Oszczędności',
      type: 'unconnected',
      balance: 0,
      date: '2025-01-01',
    })
    const [edited] = eventsOf(
      book.state,
      command('EditTransaction', { transactionId: 'buy-out', value: -7_000 }),
    )
    expect(edited).toMatchObject({ outflow: { splits: [{ categoryId: 'food', value: -7_000 }] } })
    const [moved] = eventsOf(
      book.state,
      command('EditTransaction', { transactionId: 'buy-in', bankAccountId: 'savings' }),
    )
    expect(moved).toMatchObject({ outflow: { splits: [] }, inflow: { splits: [] } })
  })

  it('refuses a category on a transfer between two budget accounts', () => {
    const book = withTracking()
    book.do('OpenBankAccount', {
      bankAccountId: 'savings',
      name: 'Oszczędności',
      type: 'unconnected',
      balance: 0,
      date: '2025-01-01',
    })
    expect(refusalOf(book.state, across({ toBankAccountId: 'savings', categoryId: 'food' })).code).toBe(
      'transfer-has-no-categories',
    )
  })
})
