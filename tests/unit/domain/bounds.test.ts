import * as Result from 'effect/Result'
import { describe, expect, it } from 'vitest'
import { grossGrowth, grossOf, MAX_GROSS } from '../../../domain/bounds.ts'
import { decide } from '../../../domain/decide.ts'
import { replay } from '../../../domain/evolve.ts'
import { parseAmount } from '../../../domain/money.ts'
import { accountBalance, monthView } from '../../../domain/monthView.ts'
import type { BudgetCommand } from '../../../schemas/budgetCommands.ts'
import { BankAccountId } from '../../../schemas/ids.ts'
import { MAX_AMOUNT } from '../../../schemas/money.ts'
import { command, event, eventsOf, period, refusalOf, starterBudget } from './fixtures.ts'
import { snapshot } from './sequences.ts'

// Issue 26 §1: amounts and totals beyond the safe integers made every read of a budget answer 500.

const transaction = (id: string, value: number, extra: Record<string, unknown> = {}) =>
  ({
    transactionId: id,
    bankAccountId: 'checking',
    date: '2025-01-10',
    payee: 'Big',
    value,
    splits: [{ categoryId: 'food', value }],
    ...extra,
  }) as const

const open = (id: string, balance: number) =>
  command('OpenBankAccount', {
    bankAccountId: id,
    name: id,
    type: 'unconnected',
    balance,
    date: '2025-01-01',
  })

/**
 * Given: a budget whose gross is within 1.6 × 10^13 of the bound, reached by commands (37 accounts opened at the
 * largest amount each), with a small transaction and an empty second account.
 */
const nearTheBound = () => {
  const book = starterBudget()
  for (let index = 0; index < 37; index++) book.run(open(`vault-${index}`, MAX_AMOUNT))
  book.run(open('spare', 0))
  book.do('AddTransaction', transaction('small', -1_000))
  const headroom = MAX_GROSS - grossOf(book.state)
  expect(headroom).toBeGreaterThan(MAX_AMOUNT)
  expect(headroom).toBeLessThan(2 * MAX_AMOUNT)
  return book
}

/** When the command is decided: refused as too large, the budget unchanged. */
const expectTooLarge = (cmd: BudgetCommand) => {
  const { state } = nearTheBound()
  const before = JSON.stringify(snapshot(state))
  expect(refusalOf(state, cmd)).toEqual({ _tag: 'BudgetTotalsTooLarge', code: 'budget-totals-too-large' })
  expect(JSON.stringify(snapshot(state))).toBe(before)
}

/** When the command is decided: accepted, and the budget stays within the bound. */
const expectAccepted = (cmd: BudgetCommand) => {
  const { state } = nearTheBound()
  const events = eventsOf(state, cmd)
  const after = replay(events, state)
  expect(grossOf(after)).toBeLessThanOrEqual(MAX_GROSS)
  expect(grossOf(after) - grossOf(state)).toBe(grossGrowth(state, events))
}

describe('one amount', () => {
  it('a command carries at most 10^13 minor units either way; 2^53 − 1 does not decode', () => {
    expect(open('a', MAX_AMOUNT).balance).toBe(MAX_AMOUNT)
    expect(open('a', -MAX_AMOUNT).balance).toBe(-MAX_AMOUNT)
    expect(() => open('a', MAX_AMOUNT + 1)).toThrow(/10000000000000/)
    expect(() => open('a', Number.MAX_SAFE_INTEGER)).toThrow()
    expect(() =>
      command(
        'AddTransaction',
        transaction('t', 5, { splits: [{ categoryId: 'food', value: -MAX_AMOUNT - 1 }] }),
      ),
    ).toThrow()
    expect(() =>
      command('SetAssigned', { periodKey: '202501', categoryId: 'food', value: MAX_AMOUNT * 2 }),
    ).toThrow()
  })

  it('typed amounts beyond it are refused as too large', () => {
    expect(parseAmount('100 000 000 000,00', 'PLN')).toEqual(Result.succeed(MAX_AMOUNT))
    expect(Result.isFailure(parseAmount('100 000 000 000,01', 'PLN'))).toBe(true)
    expect(parseAmount('90071992547409,91', 'PLN')).toEqual(
      Result.fail({ _tag: 'AmountParseError', code: 'amount-too-large', input: '90071992547409,91' }),
    )
  })
})

describe('the budget totals bound', () => {
  it('the issue: two accounts at the largest amount and many more are accepted until the gross would pass 2^50', () => {
    const book = starterBudget()
    let opened = 0
    for (; opened < 200; opened++) {
      const decision = decide(open(`a${opened}`, MAX_AMOUNT), book.state)
      if (Result.isFailure(decision)) {
        expect(decision.failure.code).toBe('budget-totals-too-large')
        break
      }
      book.run(open(`a${opened}`, MAX_AMOUNT))
    }
    // Each account weighs three times its balance (opening, cleared, its month's net): 37 fit in 2^50.
    expect(opened).toBe(37)
    expect(monthView(book.state, period('202501')).readyToAssign).toBe(37 * MAX_AMOUNT)
  })

  describe('given a budget near the bound', () => {
    it('opening an account: refused past the bound, accepted within', () => {
      expectTooLarge(open('more', MAX_AMOUNT))
      expectAccepted(open('more', 4_000_000_000_000))
    })

    it('adding a transaction: refused past the bound, accepted within', () => {
      expectTooLarge(command('AddTransaction', transaction('t', MAX_AMOUNT)))
      expectTooLarge(command('AddTransaction', transaction('t', -MAX_AMOUNT)))
      expectAccepted(command('AddTransaction', transaction('t', -4_000_000_000_000)))
    })

    it('editing a transaction: refused when the new value passes the bound, accepted when it shrinks', () => {
      expectTooLarge(command('EditTransaction', { transactionId: 'small', value: -MAX_AMOUNT }))
      expectTooLarge(
        command('EditTransaction', {
          transactionId: 'small',
          value: -1_000,
          splits: [
            { categoryId: 'food', value: -MAX_AMOUNT },
            { categoryId: 'rent', value: MAX_AMOUNT - 1_000 },
          ],
        }),
      )
      expectAccepted(command('EditTransaction', { transactionId: 'small', value: -10 }))
    })

    it('a bulk import: refused whole when its items together pass the bound, though each would fit', () => {
      const item = (id: string) => ({
        _tag: 'AddTransaction' as const,
        ...transaction(id, 3_000_000_000_000),
      })
      expectAccepted(command('ImportTransactions', { items: [item('i1')] }))
      expectTooLarge(command('ImportTransactions', { items: [item('i1'), item('i2')] }))
    })

    it('a transfer: refused past the bound (both sides count), accepted within', () => {
      const transfer = (value: number) =>
        command('AddTransfer', {
          transferId: 'x',
          outflowTransactionId: 'x-out',
          inflowTransactionId: 'x-in',
          fromBankAccountId: 'checking',
          toBankAccountId: 'spare',
          date: '2025-01-12',
          value,
        })
      expectTooLarge(transfer(MAX_AMOUNT))
      expectTooLarge(transfer(5_000_000_000_000))
      expectAccepted(transfer(3_000_000_000_000))
    })

    it('reconciling: refused when the adjustment would pass the bound, accepted within', () => {
      const reconcile = (balance: number) =>
        command('ReconcileAccount', {
          bankAccountId: 'checking',
          date: '2025-01-31',
          balance,
          adjustmentTransactionId: 'adjustment',
        })
      expectTooLarge(reconcile(MAX_AMOUNT))
      expectAccepted(reconcile(-2_000))
    })

    it('assigning twice: the first fits, the second is refused; moving it on is accepted (nothing grows)', () => {
      const book = nearTheBound()
      const assign = (categoryId: string) =>
        command('SetAssigned', { periodKey: '202501', categoryId, value: MAX_AMOUNT })
      book.run(assign('rent'))
      expect(refusalOf(book.state, assign('food')).code).toBe('budget-totals-too-large')
      book.do('MoveMoney', {
        periodKey: '202501',
        fromCategoryId: 'rent',
        toCategoryId: 'food',
        value: MAX_AMOUNT,
      })
      expect(monthView(book.state, period('202501')).readyToAssign).toBe(36 * MAX_AMOUNT)
    })

    it('moving from Ready to Assign twice: the first fits, the second is refused', () => {
      const book = nearTheBound()
      const move = command('MoveMoney', {
        periodKey: '202502',
        fromCategoryId: null,
        toCategoryId: 'holiday',
        value: MAX_AMOUNT,
      })
      book.run(move)
      expect(refusalOf(book.state, { ...move, commandId: 'again' } as BudgetCommand).code).toBe(
        'budget-totals-too-large',
      )
    })

    it('deleting is accepted at the bound', () => {
      expectAccepted(command('DeleteTransaction', { transactionId: 'small' }))
    })
  })

  describe('given a budget stored before the bound (two accounts at 2^53 − 1)', () => {
    const stored = () => {
      const book = starterBudget()
      const opened = (id: string) =>
        event({
          _tag: 'BankAccountOpened',
          bankAccountId: id,
          name: id,
          type: 'unconnected',
          openingBalance: Number.MAX_SAFE_INTEGER,
          openingDate: '2025-01-01',
        })
      return replay([opened('a'), opened('b')], book.state)
    }

    it('reads answer saturated totals instead of throwing', () => {
      const state = stored()
      expect(monthView(state, period('202501')).readyToAssign).toBe(Number.MAX_SAFE_INTEGER)
      expect(accountBalance(state, BankAccountId.make('a')).working).toBe(Number.MAX_SAFE_INTEGER)
    })

    it('growth is refused, a command that changes no amount is accepted', () => {
      const state = stored()
      expect(refusalOf(state, open('c', 1)).code).toBe('budget-totals-too-large')
      const assign = command('SetAssigned', { periodKey: '202501', categoryId: 'rent', value: 5 })
      expect(refusalOf(state, assign).code).toBe('budget-totals-too-large')
      expect(eventsOf(state, command('RenameBankAccount', { bankAccountId: 'a', name: 'A' }))).toHaveLength(1)
    })

    it('a decision that meets a total beyond the safe integers is refused, not thrown', () => {
      const assigned = (n: number) =>
        event({
          _tag: 'AssignedSet',
          commandId: `legacy-${n}`,
          at: '2025-01-02T00:00:00Z',
          by: 'user-1',
          periodKey: '202501',
          categoryId: 'rent',
          assigned: Number.MAX_SAFE_INTEGER,
          delta: Number.MAX_SAFE_INTEGER,
        })
      const state = replay([assigned(1), assigned(2)], stored())
      const back = command('SetAssigned', { periodKey: '202501', categoryId: 'rent', value: 0 })
      expect(refusalOf(state, back).code).toBe('budget-totals-too-large')
    })
  })
})
