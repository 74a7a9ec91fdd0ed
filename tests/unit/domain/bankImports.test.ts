import * as HashMap from 'effect/HashMap'
import * as Option from 'effect/Option'
import { describe, expect, it } from 'vitest'
import { evolve } from '../../../domain/evolve.ts'
import { accountBalance } from '../../../domain/monthView.ts'
import { fromSnapshot, toSnapshot } from '../../../domain/snapshot.ts'
import { findTransaction, importKeyOf } from '../../../domain/state.ts'
import { BankAccountId } from '../../../schemas/ids.ts'
import { command, eventsOf, refusalOf, starterBudget, transactionId } from './fixtures.ts'
import { snapshot } from './sequences.ts'

// Bank-file imports as the budget stream records them: one TransactionsImported with its source, undone whole.

const checking = BankAccountId.make('checking')
const savings = BankAccountId.make('savings')

const row = (id: string, value: number, date = '2025-01-10') =>
  command('AddTransaction', {
    transactionId: id,
    bankAccountId: 'checking',
    date,
    payee: 'Biedronka',
    value,
    splits: [],
  })

const file = (importId: string, ids: readonly string[], replaces: readonly string[] = []) => ({
  importId,
  bankAccountId: 'checking',
  format: 'mbank',
  fileName: 'lista_operacji.csv',
  keys: ids.map((id) => ({ transactionId: id, key: `fp:${id}` })),
  replaces,
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

describe('an import from a bank file', () => {
  it('records its source with its keys, and remembers which import added each transaction', () => {
    const book = withSavings()
    const [event] = book.run(
      command('ImportTransactions', {
        items: [row('a', -1_250), row('b', -990)],
        file: file('imp-1', ['a', 'b']),
      }),
    )
    expect(event).toMatchObject({
      _tag: 'TransactionsImported',
      source: { importId: 'imp-1', at: '2025-01-15T10:00:00Z', by: 'user-1', replaced: [] },
    })
    const { state } = book
    expect(Option.getOrUndefined(HashMap.get(state.importKeys, importKeyOf(checking, 'fp:a')))).toBe('a')
    expect(state.imports.get(command('UndoImport', { importId: 'imp-1' }).importId)).toMatchObject({
      transactionIds: ['a', 'b'],
      undone: false,
    })
    expect(snapshot(fromSnapshot(toSnapshot(state)))).toEqual(snapshot(state))
  })

  it('is refused when its id was used before', () => {
    const book = withSavings()
    book.do('ImportTransactions', { items: [row('a', -1)], file: file('imp-1', ['a']) })
    expect(
      refusalOf(
        book.state,
        command('ImportTransactions', { items: [row('b', -1)], file: file('imp-1', ['b']) }),
      ),
    ).toMatchObject({ _tag: 'ImportAlreadyExists', importId: 'imp-1' })
  })
})

describe('undoing an import', () => {
  it('takes every transaction back and forgets the keys, so the same file can come in again', () => {
    const book = withSavings()
    const before = book.state
    book.do('ImportTransactions', {
      items: [row('a', -1_250), row('b', -990)],
      file: file('imp-1', ['a', 'b']),
    })
    const events = book.do('UndoImport', { importId: 'imp-1' })
    expect(events).toEqual([
      { _tag: 'ImportUndone', importId: 'imp-1', transactionIds: ['a', 'b'], transferIds: [], restored: [] },
    ])
    const after = book.state
    expect(accountBalance(after, checking)).toEqual(accountBalance(before, checking))
    expect(HashMap.size(after.importKeys)).toBe(0)
    expect(HashMap.size(after.transactions)).toBe(0)
    expect([...after.imports.values()].map((record) => record.undone)).toEqual([true])
    expect(refusalOf(after, command('UndoImport', { importId: 'imp-1' }))).toMatchObject({
      _tag: 'ImportNotFound',
    })
    book.do('ImportTransactions', { items: [row('a2', -1_250)], file: file('imp-2', ['a2']) })
  })

  it('is refused once one of its transactions was edited, deleted or reconciled, saying how many', () => {
    const edited = withSavings()
    edited.do('ImportTransactions', { items: [row('a', -1), row('b', -2)], file: file('imp-1', ['a', 'b']) })
    edited.do('EditTransaction', { transactionId: 'a', memo: 'zakupy' })
    edited.do('EditTransaction', { transactionId: 'a', memo: 'zakupy 2' })
    edited.do('DeleteTransaction', { transactionId: 'b' })
    expect(refusalOf(edited.state, command('UndoImport', { importId: 'imp-1' }))).toEqual({
      _tag: 'ImportChangedSince',
      code: 'import-changed-since',
      importId: 'imp-1',
      changed: 2,
    })
    const reconciled = withSavings()
    reconciled.do('ImportTransactions', {
      items: [command('AddTransaction', { ...row('a', -1), cleared: true })],
      file: file('imp-1', ['a']),
    })
    reconciled.do('ReconcileAccount', {
      bankAccountId: 'checking',
      date: '2025-01-31',
      balance: -1,
      adjustmentTransactionId: 'adj',
    })
    expect(refusalOf(reconciled.state, command('UndoImport', { importId: 'imp-1' }))).toMatchObject({
      _tag: 'ImportChangedSince',
      changed: 1,
    })
  })
})

describe('an import that finds the other side of a transfer', () => {
  const transfer = command('AddTransfer', {
    transferId: 'tr',
    outflowTransactionId: 'tr-out',
    inflowTransactionId: 'tr-in',
    fromBankAccountId: 'checking',
    toBankAccountId: 'savings',
    date: '2025-01-10',
    value: 50_000,
  })

  it('replaces the transaction entered in the other account, and undo brings it back', () => {
    const book = withSavings()
    book.do('AddTransaction', {
      transactionId: 'by-hand',
      bankAccountId: 'savings',
      date: '2025-01-11',
      payee: 'Przelew własny',
      value: 50_000,
      splits: [],
      cleared: true,
    })
    const before = book.state
    book.do('ImportTransactions', { items: [transfer], file: file('imp-1', ['tr-out'], ['by-hand']) })
    expect(findTransaction(book.state, transactionId('by-hand'))).toBeUndefined()
    expect(accountBalance(book.state, savings).working).toBe(50_000)
    expect(accountBalance(book.state, checking).working).toBe(-50_000)
    book.do('UndoImport', { importId: 'imp-1' })
    expect(snapshot({ ...book.state, imports: before.imports })).toEqual(snapshot(before))
  })

  it('refuses to replace a transfer side, a reconciled transaction or one of the imported account', () => {
    const book = withSavings()
    book.do('AddTransfer', {
      ...transfer,
      transferId: 'old',
      outflowTransactionId: 'o1',
      inflowTransactionId: 'i1',
    })
    book.do('AddTransaction', { ...row('same-account', 50_000) })
    for (const id of ['i1', 'same-account', 'missing'])
      expect(
        refusalOf(
          book.state,
          command('ImportTransactions', { items: [transfer], file: file('imp-1', [], [id]) }),
        ),
      ).toMatchObject({ _tag: 'CannotReplaceTransaction', transactionId: id })
  })

  it('folds into the states before and after exactly as the events say (evolve is deterministic)', () => {
    const book = withSavings()
    const events = eventsOf(
      book.state,
      command('ImportTransactions', { items: [row('a', -5)], file: file('i', ['a']) }),
    )
    const once = events.reduce(evolve, book.state)
    const twice = events.reduce(evolve, book.state)
    expect(snapshot(once)).toEqual(snapshot(twice))
  })
})
