import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { convertActual } from '../../../../domain/budgetImport/actual.ts'
import type {
  ActualAccount,
  ActualRows,
  ActualSchedule,
  ActualTransaction,
} from '../../../../domain/budgetImport/actualTypes.ts'
import type { BudgetConversion } from '../../../../domain/budgetImport/plan.ts'
import { accountBalance, monthView } from '../../../../domain/monthView.ts'
import type { ImportableCommandDraft } from '../../../../schemas/budgetCommands.ts'
import type { BudgetImportReport } from '../../../../schemas/budgetImport.ts'
import { BankAccountId, CategoryId } from '../../../../schemas/ids.ts'
import { period } from '../fixtures.ts'
import { actualContext, imported } from './support.ts'

// The converter on plain rows: each Actual notion as its own small budget, then the commands run through the real
// decide/evolve on a fresh budget, so what is asserted is the budget a user would see.

const account = (id: string, fields: Partial<ActualAccount> = {}): ActualAccount => ({
  id,
  name: id,
  offbudget: false,
  closed: false,
  tombstone: false,
  sortOrder: null,
  currency: null,
  ...fields,
})

let sort = 0
const row = (id: string, fields: Partial<ActualTransaction> & { accountId: string }): ActualTransaction => {
  sort += 1
  return {
    id,
    categoryId: null,
    payeeId: null,
    amount: 0,
    date: 20250110,
    notes: null,
    isParent: false,
    isChild: false,
    parentId: null,
    transferredId: null,
    cleared: true,
    reconciled: false,
    startingBalance: false,
    tombstone: false,
    sortOrder: sort,
    ...fields,
  }
}

const rows = (fields: Partial<ActualRows> = {}): ActualRows => ({
  budgetName: 'Budżet domowy',
  budgetType: 'envelope',
  currency: null,
  accounts: [account('ror', { name: 'Konto osobiste' })],
  categoryGroups: [
    { id: 'g-wydatki', name: 'Wydatki', isIncome: false, hidden: false, tombstone: false, sortOrder: 1 },
    { id: 'g-przychody', name: 'Przychody', isIncome: true, hidden: false, tombstone: false, sortOrder: 2 },
  ],
  categories: [
    {
      id: 'c-jedzenie',
      name: 'Jedzenie',
      groupId: 'g-wydatki',
      isIncome: false,
      hidden: false,
      tombstone: false,
      sortOrder: 1,
    },
    {
      id: 'c-czynsz',
      name: 'Czynsz',
      groupId: 'g-wydatki',
      isIncome: false,
      hidden: false,
      tombstone: false,
      sortOrder: 2,
    },
    {
      id: 'c-pensja',
      name: 'Wynagrodzenie',
      groupId: 'g-przychody',
      isIncome: true,
      hidden: false,
      tombstone: false,
      sortOrder: 1,
    },
  ],
  payees: [{ id: 'p-biedronka', name: 'Biedronka', transferAccountId: null, tombstone: false }],
  transactions: [],
  categoryMapping: new Map(),
  payeeMapping: new Map(),
  envelopeBudgets: [],
  trackingBudgets: [],
  heldMonths: 0,
  notes: 0,
  schedules: [],
  rules: 0,
  ...fields,
})

const converted = (input: ActualRows): Extract<BudgetConversion, { ok: true }> => {
  const result = convertActual(input, actualContext())
  if (!result.ok) throw new Error(`refused: ${result.error}`)
  return result
}

const ofTag = <T extends ImportableCommandDraft['_tag']>(
  commands: readonly ImportableCommandDraft[],
  tag: T,
) =>
  commands.filter((command): command is Extract<ImportableCommandDraft, { _tag: T }> => command._tag === tag)

const itemsOf = (commands: readonly ImportableCommandDraft[]) =>
  ofTag(commands, 'ImportTransactions').flatMap((c) => c.items)

const approximation = (report: BudgetImportReport, code: string) =>
  report.approximated.find((line) => line.code === code)
const omission = (report: BudgetImportReport, code: string) =>
  report.leftOut.find((line) => line.code === code)
const mappedCount = (report: BudgetImportReport, kind: string) =>
  report.mapped.find((line) => line.kind === kind)?.count

const accountIdOf = (result: Extract<BudgetConversion, { ok: true }>, name: string) => {
  const opened = ofTag(result.commands, 'OpenBankAccount').find((command) => command.name === name)
  if (opened === undefined) throw new Error(`no account ${name}`)
  return BankAccountId.make(opened.bankAccountId)
}
const categoryIdOf = (result: Extract<BudgetConversion, { ok: true }>, name: string) => {
  const created = ofTag(result.commands, 'CreateCategory').find((command) => command.name === name)
  if (created === undefined) throw new Error(`no category ${name}`)
  return CategoryId.make(created.categoryId)
}

describe('converting an Actual budget', () => {
  it('keeps groups and categories in order, income categories as Income, hidden ones hidden, deleted ones out', () => {
    const result = converted(
      rows({
        categoryGroups: [
          { id: 'g-b', name: 'Codzienne', isIncome: false, hidden: false, tombstone: false, sortOrder: 2 },
          { id: 'g-a', name: 'Stałe', isIncome: false, hidden: false, tombstone: false, sortOrder: 1 },
          { id: 'g-stare', name: 'Stare', isIncome: false, hidden: true, tombstone: false, sortOrder: 3 },
          {
            id: 'g-usunieta',
            name: 'Usunięta',
            isIncome: false,
            hidden: false,
            tombstone: true,
            sortOrder: 4,
          },
          { id: 'g-p', name: 'Przychody', isIncome: true, hidden: false, tombstone: false, sortOrder: 5 },
        ],
        categories: [
          {
            id: 'c-1',
            name: 'Żywność',
            groupId: 'g-b',
            isIncome: false,
            hidden: false,
            tombstone: false,
            sortOrder: 1,
          },
          {
            id: 'c-2',
            name: 'Czynsz',
            groupId: 'g-a',
            isIncome: false,
            hidden: false,
            tombstone: false,
            sortOrder: 1,
          },
          {
            id: 'c-3',
            name: 'Zdrowie',
            groupId: 'g-b',
            isIncome: false,
            hidden: true,
            tombstone: false,
            sortOrder: 2,
          },
          {
            id: 'c-4',
            name: 'Usunięta',
            groupId: 'g-b',
            isIncome: false,
            hidden: false,
            tombstone: true,
            sortOrder: 3,
          },
          {
            id: 'c-5',
            name: 'W usuniętej',
            groupId: 'g-usunieta',
            isIncome: false,
            hidden: false,
            tombstone: false,
            sortOrder: 1,
          },
          {
            id: 'c-6',
            name: 'Prezenty',
            groupId: 'g-stare',
            isIncome: false,
            hidden: false,
            tombstone: false,
            sortOrder: 1,
          },
          {
            id: 'c-7',
            name: 'Pensja',
            groupId: 'g-p',
            isIncome: true,
            hidden: false,
            tombstone: false,
            sortOrder: 1,
          },
        ],
      }),
    )
    expect(ofTag(result.commands, 'CreateCategoryGroup').map((c) => c.name)).toEqual([
      'Stałe',
      'Codzienne',
      'Stare',
      'Przychody',
    ])
    expect(ofTag(result.commands, 'CreateCategory').map((c) => [c.name, c.type])).toEqual([
      ['Czynsz', 'Expense'],
      ['Żywność', 'Expense'],
      ['Zdrowie', 'Expense'],
      ['Prezenty', 'Expense'],
      ['Pensja', 'Income'],
    ])
    const state = imported(result)
    const zdrowie = state.categories.get(categoryIdOf(result, 'Zdrowie'))
    expect(zdrowie?.hidden).toBe(true)
    expect([...state.groups.values()].find((group) => group.name === 'Stare')?.hidden).toBe(true)
    expect(mappedCount(result.report, 'hiddenCategories')).toBe(1)
    // The deleted group, the deleted category and the one left in the deleted group.
    expect(omission(result.report, 'deleted-categories')?.count).toBe(3)
  })

  it('opens each account with its starting balance and rebuilds balances from the transactions', () => {
    const result = converted(
      rows({
        transactions: [
          row('s', { accountId: 'ror', amount: 523412, date: 20250101, startingBalance: true }),
          row('a', { accountId: 'ror', amount: 850000, date: 20250110, categoryId: 'c-pensja' }),
          row('b', {
            accountId: 'ror',
            amount: -12345,
            date: 20250112,
            categoryId: 'c-jedzenie',
            payeeId: 'p-biedronka',
          }),
          row('x', {
            accountId: 'ror',
            amount: -99999,
            date: 20250112,
            categoryId: 'c-jedzenie',
            tombstone: true,
          }),
        ],
      }),
    )
    const [opened] = ofTag(result.commands, 'OpenBankAccount')
    expect(opened).toMatchObject({ name: 'Konto osobiste', balance: 523412, date: '2025-01-01' })
    expect(itemsOf(result.commands)).toHaveLength(2)
    const state = imported(result)
    const ror = accountIdOf(result, 'Konto osobiste')
    expect(accountBalance(state, ror).working).toBe(523412 + 850000 - 12345)
    // The opening balance and the salary are both income: Ready to Assign, as Actual's "To Budget".
    expect(monthView(state, period('202501')).readyToAssign).toBe(523412 + 850000)
    expect(itemsOf(result.commands)[1]).toMatchObject({ payee: 'Biedronka', value: -12345 })
  })

  it('pairs transfers between budget accounts and keeps the budget side of one to an off-budget account', () => {
    const result = converted(
      rows({
        accounts: [
          account('ror', { name: 'ROR', sortOrder: 1 }),
          account('oszcz', { name: 'Oszczędności', sortOrder: 2 }),
          account('ike', { name: 'IKE', offbudget: true, sortOrder: 3 }),
        ],
        payees: [{ id: 'p-ike', name: '', transferAccountId: 'ike', tombstone: false }],
        transactions: [
          row('out', { accountId: 'ror', amount: -100000, transferredId: 'in', notes: 'Na wakacje' }),
          row('in', { accountId: 'oszcz', amount: 100000, transferredId: 'out' }),
          row('ike-out', {
            accountId: 'ror',
            amount: -200000,
            transferredId: 'ike-in',
            categoryId: 'c-czynsz',
            payeeId: 'p-ike',
          }),
          row('ike-in', { accountId: 'ike', amount: 200000, transferredId: 'ike-out' }),
          row('ike-interest', { accountId: 'ike', amount: 1234 }),
        ],
      }),
    )
    const items = itemsOf(result.commands)
    expect(items).toHaveLength(2)
    expect(items.find((item) => item._tag === 'AddTransfer')).toMatchObject({
      value: 100000,
      memo: 'Na wakacje',
    })
    expect(items.find((item) => item._tag === 'AddTransaction')).toMatchObject({
      value: -200000,
      payee: 'IKE',
    })
    expect(ofTag(result.commands, 'OpenBankAccount').map((c) => c.name)).toEqual(['ROR', 'Oszczędności'])
    expect(omission(result.report, 'tracking-accounts')).toEqual({
      code: 'tracking-accounts',
      count: 1,
      params: { accounts: 'IKE' },
    })
    expect(omission(result.report, 'tracking-transactions')?.count).toBe(2)
    expect(approximation(result.report, 'tracking-transfer')?.count).toBe(1)
    const state = imported(result)
    expect(accountBalance(state, accountIdOf(result, 'ROR')).working).toBe(-300000)
    expect(accountBalance(state, accountIdOf(result, 'Oszczędności')).working).toBe(100000)
  })

  it('turns a split into splits and a transfer inside it into a transfer of its own', () => {
    const result = converted(
      rows({
        accounts: [account('ror', { name: 'ROR' }), account('oszcz', { name: 'Oszczędności' })],
        transactions: [
          row('p', { accountId: 'ror', amount: -23456, isParent: true, payeeId: 'p-biedronka' }),
          row('p/1', {
            accountId: 'ror',
            amount: -15000,
            isChild: true,
            parentId: 'p',
            categoryId: 'c-jedzenie',
          }),
          row('p/2', {
            accountId: 'ror',
            amount: -3456,
            isChild: true,
            parentId: 'p',
            categoryId: 'c-czynsz',
          }),
          row('p/3', { accountId: 'ror', amount: -5000, isChild: true, parentId: 'p', transferredId: 'o' }),
          row('o', { accountId: 'oszcz', amount: 5000, transferredId: 'p/3' }),
        ],
      }),
    )
    const items = itemsOf(result.commands)
    const split = items.find((item) => item._tag === 'AddTransaction')
    expect(split).toMatchObject({ value: -18456, payee: 'Biedronka' })
    expect(split?._tag === 'AddTransaction' && split.splits.map((s) => s.value)).toEqual([-15000, -3456])
    expect(items.find((item) => item._tag === 'AddTransfer')).toMatchObject({ value: 5000 })
    expect(approximation(result.report, 'split-transfer')?.count).toBe(1)
    const state = imported(result)
    expect(accountBalance(state, accountIdOf(result, 'ROR')).working).toBe(-23456)
    expect(
      monthView(state, period('202501')).categories.find((c) => c.id === categoryIdOf(result, 'Jedzenie'))
        ?.activity,
    ).toBe(-15000)
  })

  it('separates a split part without a category, and leaves out a split without parts', () => {
    const result = converted(
      rows({
        transactions: [
          row('p', { accountId: 'ror', amount: -15000, isParent: true }),
          row('p/1', {
            accountId: 'ror',
            amount: -10000,
            isChild: true,
            parentId: 'p',
            categoryId: 'c-jedzenie',
          }),
          row('p/2', { accountId: 'ror', amount: -5000, isChild: true, parentId: 'p' }),
          row('empty', { accountId: 'ror', amount: -700, isParent: true }),
        ],
      }),
    )
    expect(
      itemsOf(result.commands).map((item) => [
        item.value,
        item._tag === 'AddTransaction' && item.splits.length,
      ]),
    ).toEqual([
      [-10000, 1],
      [-5000, 0],
    ])
    expect(approximation(result.report, 'split-uncategorized-part')?.count).toBe(1)
    expect(omission(result.report, 'empty-splits')?.count).toBe(1)
    expect(accountBalance(imported(result), accountIdOf(result, 'Konto osobiste')).working).toBe(-15000)
  })

  it('follows merged categories and payees to where Actual moved them', () => {
    const result = converted(
      rows({
        categories: [
          ...rows().categories,
          {
            id: 'c-stara',
            name: 'Stara',
            groupId: 'g-wydatki',
            isIncome: false,
            hidden: false,
            tombstone: true,
            sortOrder: 9,
          },
        ],
        payees: [
          { id: 'p-1', name: 'EMPIK SA', transferAccountId: null, tombstone: true },
          { id: 'p-2', name: 'Empik', transferAccountId: null, tombstone: false },
        ],
        categoryMapping: new Map([['c-stara', 'c-jedzenie']]),
        payeeMapping: new Map([['p-1', 'p-2']]),
        transactions: [row('a', { accountId: 'ror', amount: -100, categoryId: 'c-stara', payeeId: 'p-1' })],
      }),
    )
    const [item] = itemsOf(result.commands)
    expect(item).toMatchObject({ payee: 'Empik', splits: [{ categoryId: categoryIdOf(result, 'Jedzenie') }] })
  })

  it("assigns each month's budgeted amounts, and says what Koperta does differently", () => {
    const result = converted(
      rows({
        envelopeBudgets: [
          { month: 202501, categoryId: 'c-jedzenie', amount: 80000, carryover: false },
          { month: 202501, categoryId: 'c-czynsz', amount: 180000, carryover: true },
          { month: 202502, categoryId: 'c-jedzenie', amount: 0, carryover: false },
          { month: 202501, categoryId: 'c-pensja', amount: 5000, carryover: false },
          { month: 202501, categoryId: 'c-nieznana', amount: 5000, carryover: false },
        ],
        trackingBudgets: [{ month: 202501, categoryId: 'c-jedzenie', amount: 1, carryover: false }],
        heldMonths: 1,
        notes: 1,
      }),
    )
    expect(ofTag(result.commands, 'SetAssigned').map((c) => [c.periodKey, c.value])).toEqual([
      ['202501', 80000],
      ['202501', 180000],
    ])
    const state = imported(result)
    expect(monthView(state, period('202501')).readyToAssign).toBe(-260000)
    expect(mappedCount(result.report, 'assignments')).toBe(2)
    expect(approximation(result.report, 'rollover-overspending')?.count).toBe(1)
    expect(approximation(result.report, 'held-money')?.count).toBe(1)
    expect(omission(result.report, 'income-assignments')?.count).toBe(1)
    expect(omission(result.report, 'deleted-assignments')?.count).toBe(1)
    expect(omission(result.report, 'notes')?.count).toBe(1)
  })

  it("reads a tracking budget's amounts from its own table and says the budget becomes an envelope one", () => {
    const result = converted(
      rows({
        budgetType: 'tracking',
        envelopeBudgets: [{ month: 202501, categoryId: 'c-jedzenie', amount: 1, carryover: false }],
        trackingBudgets: [{ month: 202501, categoryId: 'c-jedzenie', amount: 70000, carryover: false }],
      }),
    )
    expect(ofTag(result.commands, 'SetAssigned').map((c) => c.value)).toEqual([70000])
    expect(approximation(result.report, 'tracking-budget')?.count).toBe(1)
  })

  it('closes a closed account whose transactions bring it to zero, and keeps one that does not open', () => {
    const result = converted(
      rows({
        accounts: [
          account('ror', { name: 'ROR' }),
          account('stare', { name: 'Stare', closed: true }),
          account('zapomniane', { name: 'Zapomniane', closed: true }),
        ],
        transactions: [
          row('s1', { accountId: 'stare', amount: 20000, date: 20250101, startingBalance: true }),
          row('o', { accountId: 'stare', amount: -20000, transferredId: 'i' }),
          row('i', { accountId: 'ror', amount: 20000, transferredId: 'o' }),
          row('s2', { accountId: 'zapomniane', amount: 500, date: 20250101, startingBalance: true }),
        ],
      }),
    )
    expect(ofTag(result.commands, 'CloseBankAccount')).toEqual([
      { _tag: 'CloseBankAccount', bankAccountId: accountIdOf(result, 'Stare') },
    ])
    expect(approximation(result.report, 'closed-account-not-zero')).toEqual({
      code: 'closed-account-not-zero',
      count: 1,
      params: { account: 'Zapomniane' },
    })
    const state = imported(result)
    expect(state.accounts.get(accountIdOf(result, 'Stare'))?.state).toBe('Closed')
  })

  it('leaves cleared ones cleared and reconciled ones reconciled, transfer sides too, with no adjustment', () => {
    const result = converted(
      rows({
        accounts: [
          account('ror', { name: 'ROR', sortOrder: 1 }),
          account('oszcz', { name: 'Oszczędności', sortOrder: 2 }),
        ],
        transactions: [
          row('s', { accountId: 'ror', amount: 10000, date: 20250101, startingBalance: true }),
          row('a', { accountId: 'ror', amount: -1, cleared: false }),
          row('b', { accountId: 'ror', amount: -2, cleared: true, reconciled: true, date: 20250105 }),
          row('c', { accountId: 'ror', amount: -3, cleared: true }),
          row('o', { accountId: 'ror', amount: -400, transferredId: 'i', reconciled: true, date: 20250103 }),
          row('i', { accountId: 'oszcz', amount: 400, transferredId: 'o', cleared: true }),
        ],
      }),
    )
    const [reconcile] = ofTag(result.commands, 'ReconcileAccount')
    expect(reconcile).toMatchObject({ date: '2025-01-05', balance: 10000 - 2 - 400 })
    expect(mappedCount(result.report, 'reconciledAccounts')).toBe(1)
    const state = imported(result)
    const status = [...state.transactions].map(([, t]) => [t.value, t.cleared, t.reconciled])
    expect(status.sort((x, y) => Number(x[0]) - Number(y[0]))).toEqual([
      [-400, true, true],
      [-3, true, false],
      [-2, true, true],
      [-1, false, false],
      [400, true, false],
    ])
    expect(accountBalance(state, accountIdOf(result, 'ROR')).cleared).toBe(10000 - 2 - 3 - 400)
  })

  it('leaves out rows with impossible dates and says how many', () => {
    const result = converted(
      rows({
        transactions: [
          row('a', { accountId: 'ror', amount: -1, date: 20250230 }),
          row('b', { accountId: 'ror', amount: -2, date: null }),
          row('c', { accountId: 'ror', amount: -3, date: 20250228 }),
        ],
      }),
    )
    expect(itemsOf(result.commands).map((item) => item.date)).toEqual(['2025-02-28'])
    expect(omission(result.report, 'invalid-dates')?.count).toBe(2)
  })

  it('cleans names, payees and memos to what a request may write', () => {
    const result = converted(
      rows({
        budgetName: '  Budżet\nrodzinny  ',
        accounts: [account('ror', { name: `Konto\t${'ł'.repeat(300)}` })],
        payees: [{ id: 'p', name: 'Sklep\u0007 „Świt”', transferAccountId: null, tombstone: false }],
        transactions: [
          row('a', { accountId: 'ror', amount: -1, payeeId: 'p', notes: 'Linia 1\nLinia 2\u0000' }),
        ],
      }),
    )
    expect(result.name).toBe('Budżet rodzinny')
    expect(result.commands.slice(0, 2)).toEqual([
      { _tag: 'RenameBudget', name: 'Budżet rodzinny' },
      { _tag: 'ChangeCurrency', currency: 'PLN' },
    ])
    expect(imported(result).budget?.name).toBe('Budżet rodzinny')
    expect(ofTag(result.commands, 'OpenBankAccount')[0]?.name).toHaveLength(200)
    expect(itemsOf(result.commands)[0]).toMatchObject({ payee: 'Sklep „Świt”', memo: 'Linia 1\nLinia 2 ' })
    // The budget's name, the account's, the payee and the memo.
    expect(approximation(result.report, 'text-cleaned')?.count).toBe(4)
  })
})

describe('currency and amounts', () => {
  it('takes PLN when the file names no currency, and says so', () => {
    const result = converted(rows())
    expect(result.currency).toBe('PLN')
    expect(approximation(result.report, 'currency-assumed')?.params).toEqual({ currency: 'PLN' })
    expect(convertActual(rows(), actualContext('EUR'))).toMatchObject({
      currency: 'EUR',
    })
  })

  it("takes the file's currency and converts hundredths to its minor units exactly", () => {
    const kwd = converted(
      rows({ currency: 'KWD', transactions: [row('a', { accountId: 'ror', amount: -12345 })] }),
    )
    expect(kwd.currency).toBe('KWD')
    expect(itemsOf(kwd.commands)[0]?.value).toBe(-123450)
    expect(kwd.report.approximated.filter((line) => line.code.startsWith('currency'))).toEqual([])
  })

  it('rounds hundredths a zero-decimal currency cannot hold, half away from zero, and says how many', () => {
    const jpy = converted(
      rows({
        currency: 'JPY',
        transactions: [
          row('a', { accountId: 'ror', amount: -150050 }),
          row('b', { accountId: 'ror', amount: -100000 }),
          row('c', { accountId: 'ror', amount: 149 }),
        ],
      }),
    )
    expect(itemsOf(jpy.commands).map((item) => item.value)).toEqual([-1501, -1000, 1])
    expect(approximation(jpy.report, 'amount-rounded')?.count).toBe(2)
  })

  it('leaves out a transfer that rounds to nothing, and never stores minus zero', () => {
    const jpy = converted(
      rows({
        currency: 'JPY',
        accounts: [account('a', { sortOrder: 1 }), account('b', { sortOrder: 2 })],
        transactions: [
          row('o', { accountId: 'a', amount: -40, transferredId: 'i' }),
          row('i', { accountId: 'b', amount: 40, transferredId: 'o' }),
          row('x', { accountId: 'a', amount: -30 }),
        ],
      }),
    )
    expect(itemsOf(jpy.commands).map((item) => Object.is(item.value, 0))).toEqual([true])
    expect(omission(jpy.report, 'zero-transfers')?.count).toBe(1)
    imported(jpy)
  })

  it('says when the file names a currency it does not know', () => {
    const result = converted(rows({ currency: 'XYZ' }))
    expect(result.currency).toBe('PLN')
    expect(approximation(result.report, 'currency-unknown')?.params).toEqual({
      currency: 'PLN',
      fileCurrency: 'XYZ',
    })
  })

  it("refuses the whole file for an amount past the safe integers or past one amount's bound", () => {
    const past = (amount: number) =>
      convertActual(rows({ transactions: [row('a', { accountId: 'ror', amount })] }), actualContext())
    expect(past(Number.POSITIVE_INFINITY)).toEqual({ ok: false, error: 'unsafe-number' })
    expect(past(10_000_000_000_001)).toEqual({ ok: false, error: 'amount-too-large' })
    expect(past(Number.NaN)).toEqual({ ok: false, error: 'invalid' })
    expect(past(1.5)).toEqual({ ok: false, error: 'invalid' })
  })

  it('rebuilds every account balance from any mix of transactions, transfers and splits (property)', () => {
    const accounts = ['a', 'b', 'c']
    const amount = fc.integer({ min: -1_000_000, max: 1_000_000 })
    const entryOf = fc.oneof(
      fc.record({ kind: fc.constant('plain' as const), account: fc.constantFrom(...accounts), amount }),
      fc.record({
        kind: fc.constant('transfer' as const),
        from: fc.constantFrom(...accounts),
        to: fc.constantFrom(...accounts),
        amount: fc.integer({ min: 1, max: 1_000_000 }),
      }),
      fc.record({
        kind: fc.constant('split' as const),
        account: fc.constantFrom(...accounts),
        parts: fc.array(fc.record({ amount, categorized: fc.boolean() }), { minLength: 1, maxLength: 4 }),
      }),
    )
    fc.assert(
      fc.property(
        fc.array(entryOf, { maxLength: 25 }),
        fc.array(amount, { minLength: 3, maxLength: 3 }),
        (entries, openings) => {
          const transactions: ActualTransaction[] = []
          const expected = new Map(accounts.map((id, index) => [id, openings[index] ?? 0]))
          const add = (id: string, value: number) => expected.set(id, (expected.get(id) ?? 0) + value)
          for (const [index, id] of accounts.entries())
            transactions.push(
              row(`s-${id}`, {
                accountId: id,
                amount: openings[index] ?? 0,
                date: 20250101,
                startingBalance: true,
              }),
            )
          for (const [n, item] of entries.entries()) {
            if (item.kind === 'plain') {
              transactions.push(
                row(`t${n}`, { accountId: item.account, amount: item.amount, categoryId: 'c-jedzenie' }),
              )
              add(item.account, item.amount)
            } else if (item.kind === 'transfer') {
              if (item.from === item.to) continue
              transactions.push(
                row(`t${n}o`, { accountId: item.from, amount: -item.amount, transferredId: `t${n}i` }),
              )
              transactions.push(
                row(`t${n}i`, { accountId: item.to, amount: item.amount, transferredId: `t${n}o` }),
              )
              add(item.from, -item.amount)
              add(item.to, item.amount)
            } else {
              const total = item.parts.reduce((sum, part) => sum + part.amount, 0)
              transactions.push(row(`t${n}`, { accountId: item.account, amount: total, isParent: true }))
              for (const [k, part] of item.parts.entries())
                transactions.push(
                  row(`t${n}/${k}`, {
                    accountId: item.account,
                    amount: part.amount,
                    isChild: true,
                    parentId: `t${n}`,
                    categoryId: part.categorized ? 'c-czynsz' : null,
                  }),
                )
              add(item.account, total)
            }
          }
          const result = converted(
            rows({ accounts: accounts.map((id) => account(id, { name: id })), transactions }),
          )
          const state = imported(result)
          for (const id of accounts)
            expect(accountBalance(state, accountIdOf(result, id)).working).toBe(expected.get(id))
        },
      ),
      { numRuns: 60 },
    )
  })
})

describe('any Actual file', () => {
  it('gives commands the domain takes whole, with each balance as Actual shows it (property)', () => {
    const flags = fc.record({ cleared: fc.boolean(), reconciled: fc.boolean(), tombstone: fc.boolean() })
    const amount = fc.integer({ min: -500_000, max: 500_000 })
    const accountKey = fc.constantFrom('a', 'b', 'c')
    const entry = fc.oneof(
      fc.record({
        kind: fc.constant('plain' as const),
        account: accountKey,
        amount,
        flags,
        categorized: fc.boolean(),
      }),
      fc.record({
        kind: fc.constant('transfer' as const),
        from: accountKey,
        to: accountKey,
        amount,
        // Actual keeps both sides opposite; a damaged file may not.
        skew: fc.constantFrom(0, 0, 0, 1),
        fromFlags: flags,
        toFlags: flags,
      }),
      fc.record({
        kind: fc.constant('split' as const),
        account: accountKey,
        flags,
        parts: fc.array(
          fc.record({
            amount,
            categorized: fc.boolean(),
            transferTo: fc.option(accountKey, { nil: undefined }),
          }),
          { maxLength: 4 },
        ),
      }),
    )
    const setup = fc.record({
      offbudgetC: fc.boolean(),
      closed: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
      openings: fc.array(amount, { minLength: 3, maxLength: 3 }),
      day: fc.integer({ min: 1, max: 28 }),
    })
    fc.assert(
      fc.property(setup, fc.array(entry, { maxLength: 20 }), (world, entries) => {
        const transactions: ActualTransaction[] = []
        const push = (id: string, fields: Partial<ActualTransaction> & { accountId: string }) =>
          transactions.push(row(id, { date: 20250100 + world.day, ...fields }))
        for (const [index, id] of ['a', 'b', 'c'].entries())
          push(`s-${id}`, {
            accountId: id,
            amount: world.openings[index] ?? 0,
            date: 20250101,
            startingBalance: true,
          })
        for (const [n, item] of entries.entries()) {
          if (item.kind === 'plain') {
            push(`t${n}`, {
              accountId: item.account,
              amount: item.amount,
              categoryId: item.categorized ? 'c-jedzenie' : null,
              ...item.flags,
            })
          } else if (item.kind === 'transfer') {
            push(`t${n}o`, {
              accountId: item.from,
              amount: -item.amount,
              transferredId: `t${n}i`,
              ...item.fromFlags,
            })
            push(`t${n}i`, {
              accountId: item.to,
              amount: item.amount + item.skew,
              transferredId: `t${n}o`,
              ...item.toFlags,
            })
          } else {
            const total = item.parts.reduce((sum, part) => sum + part.amount, 0)
            push(`t${n}`, { accountId: item.account, amount: total, isParent: true, ...item.flags })
            for (const [k, part] of item.parts.entries()) {
              push(`t${n}/${k}`, {
                accountId: item.account,
                amount: part.amount,
                isChild: true,
                parentId: `t${n}`,
                categoryId: part.categorized ? 'c-czynsz' : null,
                ...(part.transferTo === undefined ? {} : { transferredId: `t${n}/${k}x` }),
                cleared: item.flags.cleared,
                reconciled: item.flags.reconciled,
                tombstone: item.flags.tombstone,
              })
              if (part.transferTo !== undefined)
                push(`t${n}/${k}x`, {
                  accountId: part.transferTo,
                  amount: -part.amount,
                  transferredId: `t${n}/${k}`,
                  tombstone: item.flags.tombstone,
                })
            }
          }
        }
        const accounts = ['a', 'b', 'c'].map((id, index) =>
          account(id, {
            name: id,
            sortOrder: index,
            closed: world.closed[index] ?? false,
            offbudget: id === 'c' && world.offbudgetC,
          }),
        )
        const result = converted(rows({ accounts, transactions }))
        // Throws on any refusal: the import is all or nothing, so one bad command would lose the whole file.
        const state = imported(result)
        const byId = new Map(transactions.map((t) => [t.id, t]))
        for (const actual of accounts.filter((candidate) => !candidate.offbudget)) {
          // Actual's balance: every live row of the account but split parents, and parts of a live parent.
          const expected = transactions
            .filter((t) => t.accountId === actual.id && !t.tombstone && !t.isParent)
            .filter((t) => !t.isChild || byId.get(t.parentId ?? '')?.tombstone === false)
            .reduce((sum, t) => sum + t.amount, 0)
          expect(accountBalance(state, accountIdOf(result, actual.id)).working).toBe(expected)
        }
      }),
      { numRuns: 150 },
    )
  })
})

const schedule = (
  id: string,
  conditions: unknown[],
  fields: Partial<ActualSchedule> = {},
): ActualSchedule => ({
  id,
  name: null,
  completed: false,
  tombstone: false,
  conditions,
  actions: [{ op: 'link-schedule', value: id }],
  nextDate: 20250410,
  ...fields,
})

describe('Actual schedules', () => {
  const twoAccounts = [account('ror', { name: 'Konto osobiste' }), account('osz', { name: 'Oszczędności' })]
  const payees = [
    { id: 'p-biedronka', name: 'Biedronka', transferAccountId: null, tombstone: false },
    { id: 'p-ror', name: '', transferAccountId: 'ror', tombstone: false },
  ]
  const monthly = (start: string, more: Record<string, unknown> = {}) => ({
    field: 'date',
    op: 'isapprox',
    value: {
      start,
      interval: 1,
      frequency: 'monthly',
      patterns: [],
      skipWeekend: false,
      endMode: 'never',
      ...more,
    },
  })
  const on = (accountId: string) => ({ field: 'account', op: 'is', value: accountId })

  it('become templates from their rule, skipping through the day before the next date', () => {
    const result = converted(
      rows({
        accounts: twoAccounts,
        payees,
        schedules: [
          schedule(
            'czynsz',
            [
              monthly('2025-01-10'),
              { field: 'amount', op: 'is', value: -180000 },
              on('ror'),
              { field: 'payee', op: 'is', value: 'p-biedronka' },
            ],
            { actions: [{ op: 'set', field: 'category', value: 'c-czynsz' }] },
          ),
          schedule('prad', [
            monthly('2025-01-31', {
              skipWeekend: true,
              weekendSolveMode: 'before',
              endMode: 'after_n_occurrences',
              endOccurrences: 12,
            }),
            { field: 'amount', op: 'isbetween', value: { num1: -20000, num2: -30000 } },
            on('ror'),
          ]),
          schedule(
            'oszczednosci',
            [
              {
                field: 'date',
                op: 'is',
                value: {
                  start: '2025-04-01',
                  frequency: 'weekly',
                  interval: 2,
                  endMode: 'on_date',
                  endDate: '2025-12-31',
                },
              },
              { field: 'amount', op: 'isapprox', value: 50000 },
              on('osz'),
              { field: 'payee', op: 'is', value: 'p-ror' },
            ],
            { nextDate: 20250401 },
          ),
          schedule('wyplata', [
            monthly('2025-01-10', {
              patterns: [
                { type: 'day', value: 10 },
                { type: 'day', value: -1 },
              ],
            }),
            { field: 'amount', op: 'is', value: 500000 },
            on('ror'),
          ]),
          schedule(
            'raz',
            [
              { field: 'date', op: 'is', value: '2025-05-05' },
              { field: 'amount', op: 'is', value: -1000 },
              on('ror'),
            ],
            { nextDate: 20250505 },
          ),
          schedule(
            'zakonczony',
            [monthly('2024-01-01'), { field: 'amount', op: 'is', value: -1 }, on('ror')],
            { completed: true },
          ),
          schedule('usuniety', [monthly('2024-01-01'), { field: 'amount', op: 'is', value: -1 }, on('ror')], {
            tombstone: true,
          }),
          schedule('bez-konta', [monthly('2024-01-01'), { field: 'amount', op: 'is', value: -1 }]),
        ],
      }),
    )
    const ror = accountIdOf(result, 'Konto osobiste')
    const osz = accountIdOf(result, 'Oszczędności')
    const created = ofTag(result.commands, 'CreateTemplate').map(({ templateId: _id, ...rest }) => rest)
    expect(created).toEqual([
      {
        _tag: 'CreateTemplate',
        bankAccountId: ror,
        payee: 'Biedronka',
        value: -180000,
        splits: [{ categoryId: categoryIdOf(result, 'Czynsz'), value: -180000 }],
        frequency: 'Monthly',
        startDate: '2025-01-10',
      },
      {
        _tag: 'CreateTemplate',
        bankAccountId: ror,
        payee: '',
        value: -25000,
        splits: [],
        frequency: 'Monthly',
        startDate: '2025-01-31',
        occurrences: 12,
        shift: 'Before',
        amountMatch: 'Approximate',
      },
      // An inflow to the savings from the current account: the template leaves the current account.
      {
        _tag: 'CreateTemplate',
        bankAccountId: ror,
        toBankAccountId: osz,
        payee: 'Konto osobiste',
        value: -50000,
        splits: [],
        frequency: 'Weekly',
        interval: 2,
        startDate: '2025-04-01',
        endDate: '2025-12-31',
        amountMatch: 'Approximate',
      },
      // The 10th and the last day: one rule cannot; it repeats from its next date.
      {
        _tag: 'CreateTemplate',
        bankAccountId: ror,
        payee: '',
        value: 500000,
        splits: [],
        frequency: 'Monthly',
        startDate: '2025-04-10',
      },
      {
        _tag: 'CreateTemplate',
        bankAccountId: ror,
        payee: '',
        value: -1000,
        splits: [],
        frequency: 'Once',
        startDate: '2025-05-05',
      },
    ])
    expect(ofTag(result.commands, 'SkipOccurrencesThrough').map((c) => c.date)).toEqual([
      '2025-04-09',
      '2025-04-09',
    ])
    expect(mappedCount(result.report, 'templates')).toBe(5)
    expect(approximation(result.report, 'template-amount-range')?.count).toBe(1)
    expect(approximation(result.report, 'template-weekend')?.count).toBe(1)
    expect(approximation(result.report, 'template-pattern')?.count).toBe(1)
    expect(omission(result.report, 'scheduled-ended')?.count).toBe(1)
    expect(omission(result.report, 'scheduled-transactions')?.count).toBe(1)
    const state = imported(result)
    expect(state.templates.size).toBe(5)
    expect([...state.templates.values()].map((t) => t.skippedThrough)).toEqual([
      '2025-04-09',
      '2025-04-09',
      null,
      null,
      null,
    ])
  })
})
