import * as Result from 'effect/Result'
import fc from 'fast-check'
import { expect, it } from 'vitest'
import { decide } from '../../../domain/decide.ts'
import { evolve } from '../../../domain/evolve.ts'
import { accountBalance, monthView, readyToAssign } from '../../../domain/monthView.ts'
import { addDays, occurrenceDates } from '../../../domain/recurrence.ts'
import type { BudgetState } from '../../../domain/state.ts'
import type { BudgetCommand } from '../../../schemas/budgetCommands.ts'
import type { BudgetEvent } from '../../../schemas/budgetEvents.ts'
import { BankAccountId, TemplateId } from '../../../schemas/ids.ts'
import { IsoDate } from '../../../schemas/money.ts'
import { type CommandInput, command, period, starterBudget } from './fixtures.ts'

// Drafts live outside the ledger (domain/README.md): a budget with templates, confirmations and skips has exactly
// the month views and balances of the same budget without templates, given the confirmed transactions directly.

const accounts = ['checking', 'savings'] as const
const categories = ['rent', 'food', 'holiday', 'salary'] as const
const periods = ['202501', '202502', '202503', '202504', '202505', '202506'].map(period)

const dateIn2025 = fc
  .integer({ min: 0, max: 150 })
  .map((offset) => addDays(IsoDate.make('2025-01-01'), offset))

const nonZero = fc.integer({ min: -90_000, max: 90_000 }).filter((value) => value !== 0)

const createTemplate = fc.record({
  kind: fc.constant('create' as const),
  slot: fc.integer({ min: 0, max: 1 }),
  account: fc.constantFrom(...accounts),
  transfer: fc.boolean(),
  value: nonZero,
  splitCount: fc.integer({ min: 0, max: 2 }),
  categories: fc.tuple(fc.constantFrom(...categories), fc.constantFrom(...categories)),
  frequency: fc.constantFrom('Once', 'Daily', 'Weekly', 'Monthly', 'Quarterly', 'Yearly'),
  interval: fc.integer({ min: 1, max: 3 }),
  startDate: dateIn2025,
  shift: fc.constantFrom('None', 'Before', 'After'),
})
const actOn = fc.record({
  kind: fc.constantFrom('confirm' as const, 'skip' as const),
  slot: fc.integer({ min: 0, max: 1 }),
  nth: fc.integer({ min: 0, max: 2 }),
  value: fc.option(nonZero, { nil: undefined }),
  shiftDays: fc.integer({ min: -3, max: 3 }),
})
const skipThrough = fc.record({
  kind: fc.constant('skipThrough' as const),
  slot: fc.integer({ min: 0, max: 1 }),
  date: dateIn2025,
})
const enter = fc.record({
  kind: fc.constant('enter' as const),
  account: fc.constantFrom(...accounts),
  value: nonZero,
  category: fc.constantFrom(...categories),
  date: dateIn2025,
})
const action = fc.oneof(createTemplate, actOn, actOn, skipThrough, enter)
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never

const startingBook = () => {
  const book = starterBudget()
  book.do('OpenBankAccount', {
    bankAccountId: 'savings',
    name: 'Oszczędności',
    type: 'unconnected',
    balance: 100_000,
    date: '2025-01-01',
  })
  return book
}

/** The commands an action asks of the budget with templates (none when it cannot apply). */
const commandsOf = (state: BudgetState, act: Action, index: number): BudgetCommand[] => {
  const templateId = `t${act.kind === 'enter' ? 0 : act.slot}`
  switch (act.kind) {
    case 'create': {
      const [first, second] = act.categories
      const half = Math.trunc(act.value / 2)
      const splits =
        act.splitCount === 0
          ? []
          : act.splitCount === 1
            ? [{ categoryId: first, value: act.value }]
            : [
                { categoryId: first, value: half },
                { categoryId: second, value: act.value - half },
              ]
      const fields: CommandInput<'CreateTemplate'> = {
        templateId,
        bankAccountId: act.account,
        payee: 'P',
        value: act.transfer ? -Math.abs(act.value) : act.value,
        splits: act.transfer ? [] : splits,
        frequency: act.frequency,
        interval: act.interval,
        startDate: act.startDate,
        shift: act.shift,
        ...(act.transfer ? { toBankAccountId: act.account === 'checking' ? 'savings' : 'checking' } : {}),
      }
      return [command('CreateTemplate', fields)]
    }
    case 'confirm':
    case 'skip': {
      const template = state.templates.get(TemplateId.make(templateId))
      if (template === undefined) return []
      const date = occurrenceDates(template, template.startDate, addDays(template.startDate, 400))[act.nth]
      if (date === undefined) return []
      if (act.kind === 'skip') return [command('SkipOccurrence', { templateId, date })]
      return [
        command('ConfirmOccurrence', {
          templateId,
          date,
          transactionId: `c${index}`,
          transactionDate: addDays(date, act.shiftDays),
          ...(act.value === undefined ? {} : { value: act.value }),
          ...(template.toBankAccountId === null
            ? {}
            : { transfer: { transferId: `tr${index}`, inflowTransactionId: `c${index}-in` } }),
        }),
      ]
    }
    case 'skipThrough':
      return [command('SkipOccurrencesThrough', { templateId, date: act.date })]
    case 'enter':
      return [
        command('AddTransaction', {
          transactionId: `e${index}`,
          bankAccountId: act.account,
          date: act.date,
          payee: 'P',
          value: act.value,
          splits: [{ categoryId: act.category, value: act.value }],
        }),
      ]
  }
}

/** The same money as plain commands on a budget without templates. */
const plainCommandsOf = (events: readonly BudgetEvent[]): BudgetCommand[] =>
  events.flatMap((event): BudgetCommand[] => {
    if (event._tag === 'TransactionAdded') {
      const { transaction } = event
      return [
        command('AddTransaction', {
          transactionId: transaction.id,
          bankAccountId: transaction.bankAccountId,
          date: transaction.date,
          payee: transaction.payee,
          memo: transaction.memo,
          value: transaction.value,
          splits: transaction.splits.map(({ categoryId, value }) => ({ categoryId, value })),
          kind: transaction.kind,
          cleared: transaction.cleared,
        }),
      ]
    }
    if (event._tag === 'TransferAdded')
      return [
        command('AddTransfer', {
          transferId: event.transferId,
          outflowTransactionId: event.outflow.id,
          inflowTransactionId: event.inflow.id,
          fromBankAccountId: event.outflow.bankAccountId,
          toBankAccountId: event.inflow.bankAccountId,
          date: event.outflow.date,
          value: event.inflow.value,
          memo: event.outflow.memo,
        }),
      ]
    return []
  })

const apply = (state: BudgetState, cmd: BudgetCommand) => {
  const decision = decide(cmd, state)
  if (Result.isFailure(decision)) return { state, events: [] as readonly BudgetEvent[] }
  return { state: decision.success.reduce(evolve, state), events: decision.success }
}

it('templates, confirmations and skips leave month views and balances as the confirmed transactions alone would', () => {
  let confirmed = 0
  fc.assert(
    fc.property(fc.array(action, { minLength: 5, maxLength: 40, size: 'medium' }), (actions) => {
      let withTemplates = startingBook().state
      let without = startingBook().state
      actions.forEach((act, index) => {
        for (const cmd of commandsOf(withTemplates, act, index)) {
          const result = apply(withTemplates, cmd)
          withTemplates = result.state
          if (cmd._tag === 'ConfirmOccurrence' && result.events.length > 0) confirmed++
          for (const plain of plainCommandsOf(result.events)) {
            const mirrored = apply(without, plain)
            // Every confirmation is a plain transaction the budget without templates accepts as well.
            expect(mirrored.events.length).toBeGreaterThan(0)
            without = mirrored.state
          }
        }
      })
      for (const key of periods) {
        expect(monthView(withTemplates, key)).toEqual(monthView(without, key))
        expect(readyToAssign(withTemplates, key)).toBe(readyToAssign(without, key))
      }
      for (const account of accounts)
        expect(accountBalance(withTemplates, BankAccountId.make(account))).toEqual(
          accountBalance(without, BankAccountId.make(account)),
        )
    }),
    { numRuns: 200, seed: 29 },
  )
  // A guard against a generator whose confirmations are all refused.
  expect(confirmed).toBeGreaterThan(100)
})
