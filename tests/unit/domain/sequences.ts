import * as HashMap from 'effect/HashMap'
import * as Result from 'effect/Result'
import fc from 'fast-check'
import { decide } from '../../../domain/decide.ts'
import { evolve } from '../../../domain/evolve.ts'
import type { BudgetState } from '../../../domain/state.ts'
import { AutoAssignOption } from '../../../schemas/budget.ts'
import type { BudgetCommand } from '../../../schemas/budgetCommands.ts'
import type { BudgetEvent } from '../../../schemas/budgetEvents.ts'
import { command, starterBudget } from './fixtures.ts'

// Random command sequences against a small id universe, so collisions, refusals and edge cases happen often.
const categoryPool = [
  'uncategorized',
  'ready-to-assign',
  'salary',
  'rent',
  'food',
  'holiday',
  'bonus',
  'fuel',
  'gift',
  'ghost',
]
const accountPool = ['checking', 'savings', 'cash', 'nowhere']

const amount = fc.integer({ min: -60_000, max: 60_000 })
const date = fc
  .record({
    month: fc.constantFrom('2024-12', '2025-01', '2025-02', '2025-03', '2025-04'),
    day: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ month, day }) => `${month}-${String(day).padStart(2, '0')}`)
const periodKey = fc.constantFrom('202412', '202501', '202502', '202503', '202504', '202505')
const category = fc.constantFrom(...categoryPool)
const account = fc.constantFrom(...accountPool)
const pick = fc.nat({ max: 1_000 })

const add = fc.record({
  kind: fc.constant('add' as const),
  account: fc.constantFrom('checking', 'checking', 'savings', 'cash', 'nowhere'),
  date,
  value: amount,
  splits: fc.array(
    fc.record({
      categoryId: fc.constantFrom(
        'food',
        'rent',
        'fuel',
        'holiday',
        'salary',
        'bonus',
        'uncategorized',
        'ready-to-assign',
        'ghost',
      ),
      value: amount,
    }),
    { maxLength: 3 },
  ),
  exact: fc.integer({ min: 0, max: 5 }).map((n) => n > 0),
  cleared: fc.boolean(),
})
const transfer = fc.record({
  kind: fc.constant('transfer' as const),
  from: account,
  to: account,
  date,
  value: fc.integer({ min: -100, max: 40_000 }),
  // Rarely an id an earlier transfer may have taken: refused, never taking over its link.
  sharedId: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
})

export const action = fc.oneof(
  {
    weight: 10,
    arbitrary: add,
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      pick,
      value: fc.option(amount, { nil: undefined }),
      date: fc.option(date, { nil: undefined }),
      cleared: fc.option(fc.boolean(), { nil: undefined }),
      categoryId: fc.option(category, { nil: undefined }),
      allow: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick, allow: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: transfer,
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('import' as const),
      items: fc.array(fc.oneof({ weight: 4, arbitrary: add }, { weight: 1, arbitrary: transfer }), {
        minLength: 1,
        maxLength: 4,
      }),
      // Rarely, every item takes the first one's ids: the import must refuse the repeat.
      sameIds: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('assign' as const),
      categoryId: category,
      periodKey,
      value: fc.integer({ min: -20_000, max: 80_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      from: fc.option(category, { nil: null }),
      to: fc.option(category, { nil: null }),
      periodKey,
      value: fc.integer({ min: -10, max: 30_000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('cover' as const),
      categoryId: category,
      from: fc.option(category, { nil: null, freq: 2 }),
      periodKey,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('auto' as const),
      periodKey,
      option: fc.constantFrom(...AutoAssignOption.literals),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'undo' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('reconcile' as const),
      account,
      balance: fc.integer({ min: -50_000, max: 200_000 }),
      date,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('createCategory' as const),
      categoryId: fc.constantFrom('gift', 'fuel', 'rent'),
      income: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('deleteCategory' as const),
      categoryId: category,
      into: category,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('open' as const), account, balance: amount, date }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const), account }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('target' as const),
      categoryId: category,
      type: fc.constantFrom(
        'NeededForSpendingMonthly',
        'NeededForSpendingByDate',
        'SavingsBuilder',
        'SavingsBuilderMonthly',
        'DebtPayment' as const,
      ),
      amount: fc.integer({ min: 1, max: 90_000 }),
      dueDate: fc.option(date, { nil: undefined }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('reset' as const), date, rare: fc.integer({ min: 0, max: 9 }) }),
  },
)
type Generated<T> = T extends fc.Arbitrary<infer A> ? A : never
export type Action = Generated<typeof action>

type Addition = Generated<typeof add> | Generated<typeof transfer>

/** A transaction or a transfer, its ids made from `index`; `created` collects them. */
const toAddition = (a: Addition, index: number | string, created: string[]) => {
  if (a.kind === 'add') {
    const splits = a.splits.map((s) => ({ ...s }))
    const last = splits.at(-1)
    if (a.exact && last && splits.length > 1)
      last.value = a.value - splits.slice(0, -1).reduce((s, x) => s + x.value, 0)
    const id = `t${index}`
    created.push(id)
    return command('AddTransaction', {
      transactionId: id,
      bankAccountId: a.account,
      date: a.date,
      payee: 'p',
      value: a.value,
      splits,
      cleared: a.cleared,
    })
  }
  created.push(`x${index}o`, `x${index}i`)
  return command('AddTransfer', {
    transferId: a.sharedId ? 'x-shared' : `x${index}`,
    outflowTransactionId: `x${index}o`,
    inflowTransactionId: `x${index}i`,
    fromBankAccountId: a.from,
    toBankAccountId: a.to,
    date: a.date,
    value: a.value,
  })
}

export const toCommand = (
  a: Action,
  index: number | string,
  transactionIds: string[],
  created: string[],
): BudgetCommand => {
  const chosen = (n: number) => transactionIds[n % Math.max(1, transactionIds.length)] ?? 'none'
  switch (a.kind) {
    case 'edit':
      return command('EditTransaction', {
        transactionId: chosen(a.pick),
        ...(a.value === undefined ? {} : { value: a.value }),
        ...(a.date === undefined ? {} : { date: a.date }),
        ...(a.cleared === undefined ? {} : { cleared: a.cleared }),
        ...(a.categoryId === undefined ? {} : { splits: [{ categoryId: a.categoryId, value: 0 }] }),
        allowReconciledEdit: a.allow,
      })
    case 'delete':
      return command('DeleteTransaction', { transactionId: chosen(a.pick), allowReconciledEdit: a.allow })
    case 'add':
    case 'transfer':
      return toAddition(a, index, created)
    case 'import':
      return command('ImportTransactions', {
        items: a.items.map((item, at) =>
          toAddition(item, a.sameIds ? `${index}_0` : `${index}_${at}`, created),
        ),
      })
    case 'assign':
      return command('SetAssigned', { periodKey: a.periodKey, categoryId: a.categoryId, value: a.value })
    case 'move':
      return command('MoveMoney', {
        periodKey: a.periodKey,
        fromCategoryId: a.from,
        toCategoryId: a.to,
        value: a.value,
      })
    case 'cover':
      return command('CoverOverspending', {
        periodKey: a.periodKey,
        overspentCategoryId: a.categoryId,
        fromCategoryId: a.from,
      })
    case 'auto':
      return command('AutoAssign', { periodKey: a.periodKey, option: a.option })
    case 'undo':
      return command('UndoLastAssignment', {})
    case 'reconcile':
      created.push(`r${index}`)
      return command('ReconcileAccount', {
        bankAccountId: a.account,
        date: a.date,
        balance: a.balance,
        adjustmentTransactionId: `r${index}`,
      })
    case 'createCategory':
      return command('CreateCategory', {
        categoryId: a.categoryId,
        categoryGroupId: 'group-bills',
        name: a.categoryId,
        type: a.income ? 'Income' : 'Expense',
      })
    case 'deleteCategory':
      return command('DeleteCategory', { categoryId: a.categoryId, moveToCategoryId: a.into })
    case 'open':
      return command('OpenBankAccount', {
        bankAccountId: a.account,
        name: a.account,
        type: 'unconnected',
        balance: a.balance,
        date: a.date,
      })
    case 'close':
      return command('CloseBankAccount', { bankAccountId: a.account })
    case 'target':
      return command('SetTarget', {
        targetId: `g${index}`,
        categoryId: a.categoryId,
        type: a.type,
        amount: a.amount,
        ...(a.dueDate === undefined ? {} : { dueDate: a.dueDate }),
      })
    case 'reset':
      // Resets wipe history; keep them rare so sequences build up money.
      return a.rare === 0 ? command('ResetBudget', { date: a.date }) : command('UndoLastAssignment', {})
  }
}

/** The starter budget plus two more accounts with money and two more categories. */
export const propertyBudget = () => {
  const book = starterBudget()
  book.do('OpenBankAccount', {
    bankAccountId: 'savings',
    name: 's',
    type: 'unconnected',
    balance: 100_000,
    date: '2024-12-01',
  })
  book.do('OpenBankAccount', {
    bankAccountId: 'cash',
    name: 'c',
    type: 'unconnected',
    balance: 5_000,
    date: '2025-02-10',
  })
  book.do('CreateCategory', {
    categoryId: 'bonus',
    categoryGroupId: 'group-income',
    name: 'b',
    type: 'Income',
  })
  book.do('CreateCategory', {
    categoryId: 'fuel',
    categoryGroupId: 'group-bills',
    name: 'f',
    type: 'Expense',
  })
  return book
}

export const run = (actions: readonly Action[]) => {
  const book = propertyBudget()
  let state = book.state
  const events: BudgetEvent[] = [...book.events]
  const transactionIds: string[] = []
  actions.forEach((a, index) => {
    const created: string[] = []
    const decision = decide(toCommand(a, index, transactionIds, created), state)
    if (Result.isFailure(decision)) return
    transactionIds.push(...created)
    for (const e of decision.success) state = evolve(state, e)
    events.push(...decision.success)
  })
  return { state, events }
}

/** Plain picture of a state, for equality: independent of map order, not of a category's month order. */
export const snapshot = (state: BudgetState) => {
  const sorted = <V>(entries: Iterable<readonly [string, V]>) =>
    [...entries].sort(([a], [b]) => (a < b ? -1 : 1))
  const nested = (map: HashMap.HashMap<string, HashMap.HashMap<string, unknown>>) =>
    sorted([...map].map(([k, inner]) => [k, sorted(inner)] as const))
  const undo = []
  for (let entry = state.undoStack; entry; entry = entry.next) undo.push([entry.commandId, entry.changes])
  return {
    budget: state.budget,
    deleted: state.deleted,
    groups: sorted(state.groups),
    categories: sorted(state.categories),
    accounts: sorted(state.accounts),
    accountTotals: sorted(state.accountTotals),
    accountMonths: nested(state.accountMonths),
    // A category's months as they are kept: their order is part of the state (the month view walks them so).
    categoryMonths: sorted(
      [...state.categoryMonths].map(([category, months]) => [category, [...months]] as const),
    ),
    transactions: sorted(HashMap.toEntries(state.transactions)),
    transfers: sorted(HashMap.toEntries(state.transfers)),
    transactionCount: state.transactionCount,
    targets: sorted(state.targets),
    filters: sorted(state.filters),
    records: sorted(state.recordsByPeriod),
    undo,
    imports: sorted(
      [...state.imports].map(
        ([id, record]) => [id, { ...record, changedIds: [...record.changedIds].sort() }] as const,
      ),
    ),
    importKeys: sorted(HashMap.toEntries(state.importKeys)),
    importedBy: sorted(HashMap.toEntries(state.importedBy)),
  }
}

/** Sequences of random actions, for fc.assert and fc.sample. */
export const sequences = fc.array(action, { minLength: 5, maxLength: 30 })
