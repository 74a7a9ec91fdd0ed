import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { convertBudgetJson, readBudgetFile } from '../../../domain/budgetImport/index.ts'
import { accountBalance, accountBalanceAt, monthView } from '../../../domain/monthView.ts'
import type { BudgetState } from '../../../domain/state.ts'
import type { PeriodKey } from '../../../schemas/money.ts'
import { contextFor, emptyTarget, imported } from './support.ts'

const fixture = (name: string) => readFileSync(`tests/fixtures/budgetImport/${name}`)

const readJson = (name: string) => {
  const read = readBudgetFile(fixture(name))
  if (!read.ok || read.kind !== 'json') throw new Error(`${name} did not read: ${JSON.stringify(read)}`)
  return read.value as { data: { budget: Record<string, unknown> } }
}

const convert = (value: unknown, currency = 'PLN') => {
  const target = emptyTarget(currency)
  const conversion = convertBudgetJson(value, contextFor(target))
  return { conversion, target }
}

const importFixture = () => {
  const { conversion, target } = convert(readJson('ynab-budget.json'))
  if (!conversion.ok) throw new Error(conversion.error)
  return { conversion, state: imported(target, conversion, 'ynab') }
}

const accountNamed = (state: BudgetState, name: string) => {
  const account = [...state.accounts.values()].find((candidate) => candidate.name === name)
  if (account === undefined) throw new Error(`no account ${name}`)
  return account
}

const row = (state: BudgetState, period: string, name: string) => {
  const found = monthView(state, period as PeriodKey).categories.find((category) => category.name === name)
  if (found === undefined) throw new Error(`no category ${name}`)
  return found
}

describe('a YNAB budget export', () => {
  it('becomes the same budget: names, currency, groups, categories, hidden ones', () => {
    const { state } = importFixture()
    expect(state.budget).toMatchObject({ name: 'Budżet domowy Kowalskich', currency: 'PLN' })
    const groups = [...state.groups.values()].sort((a, b) => a.position - b.position)
    expect(groups.map((group) => [group.name, group.hidden])).toEqual([
      ['uncategorized', false],
      ['Credit Card Payments', false],
      ['Rachunki', false],
      ['Codzienne wydatki', false],
      ['Cele oszczędnościowe', false],
      ['Ukryte', true],
    ])
    const names = [...state.categories.values()].map((category) => category.name)
    expect(names).toContain('Wakacje w Zakopanem')
    expect(names).not.toContain('Stara kategoria')
    expect(names).not.toContain('W starej grupie')
    expect([...state.categories.values()].find((c) => c.name === 'Prezenty')?.hidden).toBe(true)
  })

  it('rebuilds every balance from the transactions, never from the file’s balance fields', () => {
    const { state } = importFixture()
    const balance = (name: string) => accountBalance(state, accountNamed(state, name).id)
    expect(balance('Konto osobiste mBank')).toMatchObject({
      cleared: 2_524_198,
      uncleared: -200_000,
      working: 2_324_198,
    })
    expect(balance('Oszczędności')).toMatchObject({ cleared: 1_115_000, uncleared: 0, working: 1_115_000 })
    expect(balance('Karta kredytowa')).toMatchObject({
      cleared: -105_000,
      uncleared: 50_000,
      working: -55_000,
    })
    expect(balance('Gotówka').working).toBe(0)
    expect(accountNamed(state, 'Gotówka').state).toBe('Closed')
    expect([...state.accounts.values()].map((account) => account.name)).not.toContain('Kredyt hipoteczny')
  })

  it('takes each "Starting Balance" as the account’s opening balance and date', () => {
    const { state } = importFixture()
    expect(accountNamed(state, 'Konto osobiste mBank')).toMatchObject({
      openingBalance: 500_000,
      openingDate: '2025-01-01',
    })
    expect(accountNamed(state, 'Karta kredytowa')).toMatchObject({ openingBalance: -80_000 })
  })

  it('shows the months YNAB showed: assigned, activity, available and Ready to Assign', () => {
    const { state } = importFixture()
    expect(monthView(state, '202501' as PeriodKey).readyToAssign).toBe(810_000)
    expect(monthView(state, '202502' as PeriodKey).readyToAssign).toBe(1_645_000)
    expect(monthView(state, '202503' as PeriodKey).readyToAssign).toBe(2_483_000)
    expect(row(state, '202501', 'Jedzenie')).toMatchObject({
      assigned: 120_000,
      activity: -30_000,
      available: 90_000,
    })
    expect(row(state, '202503', 'Jedzenie')).toMatchObject({
      assigned: 150_000,
      activity: -131_235,
      available: 204_198,
    })
    expect(row(state, '202501', 'Prezenty')).toMatchObject({ activity: -15_000, available: -15_000 })
    expect(row(state, '202502', 'Rata kredytu')).toMatchObject({ assigned: 150_000, activity: -150_000 })
    expect(row(state, '202502', 'uncategorized')).toMatchObject({ activity: -12_000, available: -12_000 })
    // The envelope identity, in every month: what the categories and Ready to Assign hold is what the accounts do.
    const ends = { '202501': 2_020_000, '202502': 2_703_433, '202503': 3_384_198 }
    for (const [period, end] of Object.entries(ends) as [PeriodKey, number][]) {
      const view = monthView(state, period)
      const available = view.categories.reduce((sum, category) => sum + category.available, 0)
      const balances = [...state.accounts.keys()].reduce(
        (sum, id) => sum + accountBalanceAt(state, id, period),
        0,
      )
      expect(balances).toBe(end)
      expect(available + view.readyToAssign + view.assignedInFuture).toBe(end)
    }
  })

  it('pairs transfers, takes a split’s transfer part out, and keeps a transfer to a tracking account as spending', () => {
    const { state } = importFixture()
    const all = [...state.transactions].map(([, t]) => t)
    const transfers = all.filter((t) => t.transferId !== null)
    expect(transfers).toHaveLength(8)
    const checking = accountNamed(state, 'Konto osobiste mBank').id
    const split = all.find((t) => t.bankAccountId === checking && t.date === '2025-01-15')
    expect(split).toMatchObject({ value: -45_000, reconciled: true })
    expect(split?.splits.map((s) => s.value)).toEqual([-30_000, -15_000])
    const mortgage = all.find((t) => t.memo === 'Rata lutowa')
    expect(mortgage).toMatchObject({
      value: -150_000,
      transferId: null,
      payee: 'Kredyt hipoteczny',
    })
  })

  it('keeps statuses: reconciled up to the reconciliation, cleared, uncleared, unapproved as drafts', () => {
    const { state } = importFixture()
    const checking = accountNamed(state, 'Konto osobiste mBank')
    expect(checking.lastReconciledAt).toBe('2025-02-28')
    const all = [...state.transactions].map(([, t]) => t)
    const ofChecking = all.filter((t) => t.bankAccountId === checking.id)
    expect(
      ofChecking
        .filter((t) => t.reconciled)
        .map((t) => t.date)
        .sort(),
    ).toEqual([
      '2025-01-10',
      '2025-01-12',
      '2025-01-15',
      '2025-01-15',
      '2025-01-20',
      '2025-01-30',
      '2025-02-10',
    ])
    expect(all.find((t) => t.date === '2025-03-01')).toMatchObject({ kind: 'Draft', cleared: false })
    const savingsSide = all.find(
      (t) => t.bankAccountId === accountNamed(state, 'Oszczędności').id && t.date === '2025-01-20',
    )
    expect(savingsSide).toMatchObject({ cleared: true, reconciled: false })
    expect(all.find((t) => t.memo === 'Urodziny Zosi\nkwiaty i książka')).toMatchObject({ cleared: false })
  })

  it('maps goals to targets', () => {
    const { state } = importFixture()
    const targetOf = (name: string) => {
      const category = [...state.categories.values()].find((c) => c.name === name)
      return category && state.targets.get(category.id)
    }
    expect(targetOf('Czynsz')).toMatchObject({ type: 'NeededForSpendingMonthly', amount: 200_000 })
    expect(targetOf('Prąd')).toMatchObject({
      type: 'NeededForSpendingByDate',
      amount: 120_000,
      dueDate: '2025-12-15',
      cadenceMonths: 12,
    })
    expect(targetOf('Jedzenie')).toMatchObject({ type: 'NeededForSpendingMonthly', amount: 150_000 })
    expect(targetOf('Kawa na mieście')).toMatchObject({ type: 'NeededForSpendingMonthly', amount: 21_667 })
    expect(targetOf('Wakacje w Zakopanem')).toMatchObject({
      type: 'SavingsBuilder',
      amount: 600_000,
      dueDate: '2025-07-01',
    })
    expect(targetOf('Fundusz awaryjny')).toMatchObject({
      type: 'SavingsBuilder',
      amount: 1_000_000,
      dueDate: null,
    })
    expect(targetOf('Oszczędzanie co miesiąc')).toMatchObject({
      type: 'SavingsBuilderMonthly',
      amount: 50_000,
    })
    expect(targetOf('Rata kredytu')).toMatchObject({
      type: 'DebtPayment',
      amount: 150_000,
      dueDate: '2040-01-01',
    })
    expect(targetOf('Subskrypcje')).toBeUndefined()
  })

  it('reports what was mapped, approximated and left out', () => {
    const { conversion } = importFixture()
    expect(conversion.report).toEqual({
      source: 'ynab',
      name: 'Budżet domowy Kowalskich',
      currency: 'PLN',
      mapped: [
        { kind: 'categoryGroups', count: 5 },
        { kind: 'categories', count: 12 },
        { kind: 'hiddenCategories', count: 1 },
        { kind: 'accounts', count: 4 },
        { kind: 'closedAccounts', count: 1 },
        { kind: 'transactions', count: 13 },
        { kind: 'transfers', count: 4 },
        { kind: 'splitTransactions', count: 1 },
        { kind: 'reconciledAccounts', count: 1 },
        { kind: 'assignments', count: 13 },
        { kind: 'targets', count: 8 },
        { kind: 'templates', count: 7 },
      ],
      approximated: expect.arrayContaining([
        { code: 'target-refill', count: 1 },
        { code: 'target-weekly', count: 1 },
        { code: 'credit-card-payments', count: 1 },
        { code: 'starting-balance-category', count: 1 },
        { code: 'amount-rounded', count: 1 },
        { code: 'split-transfer', count: 1 },
        { code: 'tracking-transfer', count: 1 },
        { code: 'template-twice-a-month', count: 1 },
      ]),
      leftOut: expect.arrayContaining([
        { code: 'targets-unsupported', count: 1 },
        { code: 'tracking-accounts', count: 1 },
        { code: 'deleted-accounts', count: 1 },
        { code: 'deleted-transactions', count: 1 },
        { code: 'tracking-transactions', count: 2 },
        { code: 'flags', count: 1 },
        { code: 'deleted-categories', count: 2, params: { moved: 1 } },
        { code: 'deleted-assignments', count: 1 },
        { code: 'scheduled-transactions', count: 1 },
        { code: 'notes', count: 3 },
      ]),
    })
    expect(conversion.report.approximated).toHaveLength(8)
    expect(conversion.report.leftOut).toHaveLength(10)
  })

  it('brings scheduled transactions in as templates from their next date', () => {
    const { state } = importFixture()
    const names = new Map(
      [...state.categories.values(), ...state.accounts.values()].map((x) => [x.id as string, x.name]),
    )
    const templates = [...state.templates.values()].map((template) => ({
      account: names.get(template.bankAccountId),
      to: template.toBankAccountId === null ? null : names.get(template.toBankAccountId),
      payee: template.payee,
      memo: template.memo,
      value: template.value,
      splits: template.splits.map((split) => [names.get(split.categoryId), split.value]),
      rule: `${template.frequency} ${template.interval} ${template.startDate}`,
      skippedThrough: template.skippedThrough,
    }))
    expect(templates).toEqual([
      {
        account: 'Konto osobiste mBank',
        to: null,
        payee: 'Pracodawca Sp. z o.o.',
        memo: '',
        value: 850_000,
        splits: [['readyToAssign', 850_000]],
        rule: 'Monthly 1 2025-04-10',
        skippedThrough: null,
      },
      {
        account: 'Konto osobiste mBank',
        to: null,
        payee: 'Spółdzielnia Mieszkaniowa „Słoneczna”',
        memo: '',
        value: -200_000,
        splits: [['Czynsz', -200_000]],
        rule: 'Monthly 1 2025-04-10',
        skippedThrough: null,
      },
      // "Twice a month": two monthly templates, the second 15 days later, kept in April (30 days).
      ...['2025-04-20', '2025-04-30'].map((start) => ({
        account: 'Konto osobiste mBank',
        to: null,
        payee: 'Orlen',
        memo: 'Tankowanie',
        value: -30_000,
        splits: [['Paliwo', -30_000]],
        rule: `Monthly 1 ${start}`,
        skippedThrough: null,
      })),
      {
        account: 'Konto osobiste mBank',
        to: null,
        payee: 'Tauron',
        memo: '',
        value: -45_000,
        splits: [
          ['Prąd', -30_000],
          ['Czynsz', -15_000],
        ],
        rule: 'Quarterly 1 2025-05-15',
        skippedThrough: null,
      },
      // An inflow to the savings from the current account: the template leaves the current account.
      {
        account: 'Konto osobiste mBank',
        to: 'Oszczędności',
        payee: 'Oszczędności',
        memo: 'Na oszczędności',
        value: -100_000,
        splits: [],
        rule: 'Monthly 1 2025-04-25',
        skippedThrough: null,
      },
      {
        account: 'Konto osobiste mBank',
        to: null,
        payee: 'Biedronka',
        memo: '',
        value: -12_345,
        splits: [['Jedzenie', -12_345]],
        rule: 'Weekly 2 2025-04-12',
        skippedThrough: null,
      },
    ])
  })

  it('accepts the {"budget": …} and {"data": {"plan": …}} wrappers alike', () => {
    const budget = readJson('ynab-budget.json').data.budget
    const reports = [{ budget }, { data: { plan: budget, server_knowledge: 1 } }].map((wrapped) => {
      const { conversion } = convert(wrapped)
      if (!conversion.ok) throw new Error(conversion.error)
      return conversion.report
    })
    expect(reports[0]).toEqual(reports[1])
    expect(reports[0]?.mapped).toContainEqual({ kind: 'transactions', count: 13 })
  })

  it('refuses a file with a number past the safe integers, before converting anything', () => {
    expect(readBudgetFile(fixture('ynab-big-number.json'))).toEqual({ ok: false, error: 'unsafe-number' })
  })

  it('converts milliunits exactly for the currency’s exponent, and rounds (reporting it) what is finer', () => {
    const budget = readJson('ynab-budget.json').data.budget
    const inJpy = { ...budget, currency_format: { iso_code: 'JPY', decimal_digits: 0 } }
    const { conversion, target } = convert({ budget: inJpy }, 'JPY')
    if (!conversion.ok) throw new Error(conversion.error)
    const state = imported(target, conversion, 'ynab')
    expect(accountNamed(state, 'Oszczędności').openingBalance).toBe(10_000)
    const inKwd = { ...budget, currency_format: { iso_code: 'KWD', decimal_digits: 3 } }
    const kwd = convert({ budget: inKwd }, 'KWD')
    if (!kwd.conversion.ok) throw new Error(kwd.conversion.error)
    expect(kwd.conversion.report.approximated.map((a) => a.code)).not.toContain('amount-rounded')
    expect(accountNamed(imported(kwd.target, kwd.conversion, 'ynab'), 'Oszczędności').openingBalance).toBe(
      10_000_000,
    )
  })

  it('refuses an unknown currency, an amount too large, a broken field', () => {
    const budget = readJson('ynab-budget.json').data.budget
    expect(convert({ budget: { ...budget, currency_format: { iso_code: 'XXX' } } }).conversion).toEqual({
      ok: false,
      error: 'unknown-currency',
    })
    const [first, ...rest] = budget.transactions as Record<string, unknown>[]
    const huge = { ...budget, transactions: [{ ...first, amount: 9_000_000_000_000_000 }, ...rest] }
    expect(convert({ budget: huge }).conversion).toEqual({ ok: false, error: 'amount-too-large' })
    const broken = { ...budget, transactions: [{ ...first, date: 'yesterday' }, ...rest] }
    expect(convert({ budget: broken }).conversion).toEqual({ ok: false, error: 'invalid' })
  })

  it('uses the target budget’s currency when the file names none', () => {
    const budget = readJson('ynab-budget.json').data.budget
    const { conversion } = convert({ budget: { ...budget, currency_format: null } }, 'EUR')
    expect(conversion).toMatchObject({ ok: true, currency: 'EUR' })
  })
})
