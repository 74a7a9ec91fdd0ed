import * as HashMap from 'effect/HashMap'
import * as Result from 'effect/Result'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type Authorship,
  convertBudgetJson,
  readBudgetFile,
  toKopertaFile,
} from '../../../domain/budgetImport/index.ts'
import { decide } from '../../../domain/decide.ts'
import { evolve } from '../../../domain/evolve.ts'
import type { BudgetState } from '../../../domain/state.ts'
import type { BudgetCommand } from '../../../schemas/budgetCommands.ts'
import { BankAccountId, UserId } from '../../../schemas/ids.ts'
import type { KopertaBudgetFile } from '../../../schemas/kopertaBudget.ts'
import type { Instant, PeriodKey } from '../../../schemas/money.ts'
import { command, starterBudget } from '../domain/fixtures.ts'
import { run, sequences } from '../domain/sequences.ts'
import { contextFor, emptyTarget, expectSameBudget, imported } from './support.ts'

const periods = [
  '202411',
  '202412',
  '202501',
  '202502',
  '202503',
  '202504',
  '202505',
  '202506',
] as PeriodKey[]
const exportedAt = '2026-11-20T10:00:00.000Z' as Instant

/**
 * The generated budget with what the random sequences rarely or never do: transfer sides cleared, reconciled and
 * drafts, draft transactions, a reconciliation after them and a cleared transaction after that, hidden categories
 * and groups, saved filters.
 */
const dressed = (state: BudgetState): BudgetState => {
  const links = [...HashMap.values(state.transfers)]
  const transactions = [...HashMap.values(state.transactions)].filter((t) => t.transferId === null)
  const edit = (transactionId: string, fields: { cleared?: boolean; kind?: 'Draft' }) => () =>
    command('EditTransaction', { transactionId, ...fields, allowReconciledEdit: true })
  const extras: Array<(current: BudgetState) => BudgetCommand> = [
    ...links.map((link, index) =>
      index % 3 === 0
        ? edit(link.outflowTransactionId, { cleared: true })
        : index % 3 === 1
          ? edit(link.inflowTransactionId, { cleared: true, kind: 'Draft' })
          : edit(link.outflowTransactionId, { kind: 'Draft' }),
    ),
    ...transactions.filter((_, index) => index % 4 === 0).map((t) => edit(t.id, { kind: 'Draft' })),
    // At the cleared balance the edits above left, so reconciling adds no adjustment.
    ...['checking', 'savings'].map(
      (account) => (current: BudgetState) =>
        command('ReconcileAccount', {
          bankAccountId: account,
          date: '2025-03-31',
          balance: current.accountTotals.get(BankAccountId.make(account))?.cleared ?? 0,
          adjustmentTransactionId: `adjust-${account}`,
        }),
    ),
    () =>
      command('AddTransaction', {
        transactionId: 'after-reconcile',
        bankAccountId: 'checking',
        date: '2025-04-02',
        payee: 'Sklep',
        value: -1_234,
        splits: [],
        cleared: true,
      }),
    () => command('SetCategoryHidden', { categoryId: 'food', hidden: true }),
    () => command('SetCategoryGroupHidden', { categoryGroupId: 'group-income', hidden: true }),
    () =>
      command('SaveFilter', {
        filterId: 'f-1',
        name: 'Jedzenie w ROR',
        criteria: {
          bankAccountIds: ['checking'],
          categoryIds: ['food', 'ghost'],
          payeeText: 'p',
          minValue: -500,
        },
      }),
    () => command('SaveFilter', { filterId: 'f-2', name: 'Wszystko', criteria: {} }),
    // Saved views (issue 31): a category's trend, a class's, one of a category never seen, a report without subject.
    ...(
      [
        ['v-food', { kind: 'Trends', granularity: 'Month', subject: 'food' }],
        ['v-class', { kind: 'Trends', granularity: 'Year', subject: 'Food' }],
        ['v-ghost', { kind: 'Trends', granularity: 'Month', subject: 'ghost' }],
        ['v-groups', { kind: 'Spending', granularity: 'Year', dimension: 'group' }],
      ] as const
    ).map(
      ([filterId, report]) =>
        () =>
          command('SaveFilter', { filterId, name: filterId, criteria: { fromDate: '2025-01-01' }, report }),
    ),
    // Templates last: the transactions above would complete their drafts.
    () =>
      command('CreateTemplate', {
        templateId: 't-rent',
        bankAccountId: 'checking',
        payee: 'Spółdzielnia',
        memo: 'Czynsz',
        value: -200_000,
        splits: [{ categoryId: 'food', value: -200_000 }],
        frequency: 'Monthly',
        startDate: '2025-01-31',
        endDate: '2026-12-31',
        shift: 'Before',
        amountMatch: 'Approximate',
      }),
    () =>
      command('CreateTemplate', {
        templateId: 't-save',
        bankAccountId: 'checking',
        toBankAccountId: 'savings',
        payee: 'Oszczędności',
        value: -5_000,
        splits: [],
        frequency: 'Weekly',
        interval: 2,
        startDate: '2025-03-03',
        occurrences: 20,
      }),
    () =>
      command('CreateTemplate', {
        templateId: 't-once',
        bankAccountId: 'savings',
        payee: 'Ubezpieczenie',
        value: -30_000,
        splits: [],
        frequency: 'Once',
        startDate: '2025-09-01',
      }),
    () =>
      command('ConfirmOccurrence', { templateId: 't-rent', date: '2025-01-31', transactionId: 'rent-jan' }),
    () => command('SkipOccurrencesThrough', { templateId: 't-save', date: '2025-03-10' }),
    () => command('SkipOccurrence', { templateId: 't-save', date: '2025-03-17' }),
    () => command('SetDraftHorizon', { days: 14 }),
  ]
  let current = state
  for (const extra of extras) {
    const decision = decide(extra(current), current)
    // A sequence may have closed the account or deleted the category: that extra is skipped.
    if (Result.isSuccess(decision)) current = decision.success.reduce(evolve, current)
  }
  return current
}

/** Through the wire: the file as bytes, read back as an upload would be. */
const throughFile = (file: KopertaBudgetFile) => {
  const read = readBudgetFile(new TextEncoder().encode(JSON.stringify(file)))
  if (!read.ok || read.kind !== 'json') throw new Error('the file did not read back')
  return read.value
}

/**
 * Authorship as the server gives it: every other transaction by Ola (named), the rest by a member without a name;
 * assignments by their recorded author, Ola's named.
 */
const OLA = UserId.make('ola')
const authorshipOf = (state: BudgetState): Authorship => ({
  transactionAuthors: new Map(
    [...HashMap.keys(state.transactions)].map((id, index) => [
      id,
      index % 2 === 0 ? OLA : UserId.make('nameless'),
    ]),
  ),
  names: new Map([[OLA, 'Ola']]),
})

/** Exported with authorship (an import takes the budget, not its history), imported into an empty budget. */
const roundTrip = (original: BudgetState) => {
  const file = toKopertaFile(original, exportedAt, authorshipOf(original))
  if (file === undefined) throw new Error('no file')
  const target = emptyTarget()
  return imported(target, convertBudgetJson(throughFile(file), contextFor(target)))
}

/** A file with its ids replaced by positions, transactions and transfers in an order that does not depend on ids. */
const canonical = (file: KopertaBudgetFile) => {
  const keys = new Map<string, string>()
  for (const [index, group] of file.groups.entries()) keys.set(group.id, `g${index}`)
  for (const [index, category] of file.categories.entries()) keys.set(category.id, `c${index}`)
  for (const [index, account] of file.accounts.entries()) keys.set(account.id, `a${index}`)
  const key = (id: string) => keys.get(id) ?? 'unknown'
  const sorted = <T>(items: T[]) => items.map((item) => JSON.stringify(item)).sort()
  return {
    budget: file.budget,
    groups: file.groups.map(({ id, ...group }) => ({ ...group, id: key(id) })),
    categories: file.categories.map(({ id, groupId, ...category }) => ({
      ...category,
      id: key(id),
      groupId: key(groupId),
    })),
    accounts: file.accounts.map(({ id, ...account }) => ({ ...account, id: key(id) })),
    transactions: sorted(
      file.transactions.map(({ id: _id, accountId, splits, enteredBy: _by, ...transaction }) => ({
        ...transaction,
        accountId: key(accountId),
        splits: splits.map((split) => ({ ...split, categoryId: key(split.categoryId) })),
      })),
    ),
    transfers: sorted(
      file.transfers.map(({ id: _id, from, to, enteredBy: _by, ...transfer }) => ({
        ...transfer,
        from: { ...from, transactionId: '', accountId: key(from.accountId) },
        to: { ...to, transactionId: '', accountId: key(to.accountId) },
      })),
    ),
    months: sorted(file.months.map((month) => ({ ...month, categoryId: key(month.categoryId) }))),
    targets: file.targets.map((target) => ({ ...target, categoryId: key(target.categoryId) })),
    templates: (file.templates ?? []).map(({ id: _id, accountId, toAccountId, splits, ...template }) => ({
      ...template,
      accountId: key(accountId),
      toAccountId: toAccountId === null ? null : key(toAccountId),
      splits: splits.map((split) => ({ ...split, categoryId: key(split.categoryId) })),
    })),
    draftHorizonDays: file.draftHorizonDays,
    filters: file.filters.map(({ id: _id, criteria, report, ...filter }) => ({
      ...filter,
      ...(report === undefined
        ? {}
        : {
            report: {
              ...report,
              ...(report.subject === undefined || report.subject === 'Food'
                ? {}
                : { subject: key(report.subject) }),
            },
          }),
      criteria: {
        ...criteria,
        ...(criteria.bankAccountIds ? { bankAccountIds: criteria.bankAccountIds.map(key) } : {}),
        ...(criteria.categoryIds ? { categoryIds: criteria.categoryIds.map(key) } : {}),
      },
    })),
  }
}

describe("Koperta's own file", () => {
  it('carries templates: every field, what was acted on as skippedThrough, and the draft horizon', () => {
    const original = dressed(run([]).state)
    const file = toKopertaFile(original, exportedAt)
    if (file === undefined) throw new Error('no file')
    expect(file.version).toBe(3)
    expect(file.draftHorizonDays).toBe(14)
    const byPayee = new Map((file.templates ?? []).map((template) => [template.payee, template]))
    // The confirmed January rent is a transaction of the file; its occurrence makes no backlog after an import.
    expect(byPayee.get('Spółdzielnia')).toMatchObject({
      skippedThrough: '2025-01-31',
      amountMatch: 'Approximate',
    })
    expect(byPayee.get('Oszczędności')).toMatchObject({
      skippedThrough: '2025-03-17',
      interval: 2,
      occurrences: 20,
    })
    expect(byPayee.get('Ubezpieczenie')).toMatchObject({ skippedThrough: null, frequency: 'Once' })
    const rebuilt = roundTrip(original)
    expect([...rebuilt.templates.values()].map((t) => [t.payee, t.skippedThrough, t.shift])).toEqual([
      ['Spółdzielnia', '2025-01-31', 'Before'],
      ['Oszczędności', '2025-03-17', 'None'],
      ['Ubezpieczenie', null, 'None'],
    ])
    expect(rebuilt.draftHorizonDays).toBe(14)
  })

  it('carries loans: terms, activities in order, account, category and state; the schedule is the same', () => {
    const book = starterBudget()
    book.do('CreateLoan', {
      loanId: 'mortgage',
      name: 'Hipoteka',
      principal: 30_000_000,
      annualRate: '3.3',
      installments: 360,
      paymentType: 'Constant',
      firstPaymentDate: '2025-02-10',
      bankAccountId: 'checking',
      categoryId: 'rent',
    })
    book.do('RecordLoanActivity', {
      loanId: 'mortgage',
      activity: { type: 'PrincipalChange', afterInstallment: 12, value: 5_000_000, mode: 'ShortenTerm' },
    })
    book.do('RecordLoanActivity', {
      loanId: 'mortgage',
      activity: { type: 'InterestRateChange', fromInstallment: 20, annualRate: '7.5' },
    })
    book.do('CreateLoan', {
      loanId: 'car',
      name: 'Auto',
      principal: 4_000_000,
      annualRate: '9.99',
      installments: 48,
      paymentType: 'Decreasing',
      firstPaymentDate: '2025-03-31',
      disbursementDate: '2025-03-01',
      dayCount: 'Actual365',
    })
    book.do('CloseLoan', { loanId: 'car' })
    const rebuilt = roundTrip(book.state)
    const described = (state: BudgetState) =>
      [...state.loans.values()].map(({ id: _id, bankAccountId, categoryId, ...loan }) => ({
        ...loan,
        account: bankAccountId === null ? null : state.accounts.get(bankAccountId)?.name,
        category: categoryId === null ? null : state.categories.get(categoryId)?.name,
      }))
    expect(described(rebuilt)).toEqual(described(book.state))
    expect(described(rebuilt)[0]).toMatchObject({ account: 'ROR', category: 'Czynsz', state: 'Active' })
    expect(described(rebuilt)[1]).toMatchObject({ account: null, state: 'Closed' })
  })

  it("carries a loan's tracking account, its payment across the budget's edge and its target", () => {
    const book = starterBudget()
    book.do('OpenBankAccount', {
      bankAccountId: 'savings',
      name: 'Oszczędności',
      type: 'unconnected',
      balance: 900_000,
      date: '2025-01-01',
    })
    book.do('CreateLoan', {
      loanId: 'car',
      name: 'Auto',
      principal: 1_200_000,
      annualRate: '6',
      installments: 12,
      paymentType: 'Constant',
      firstPaymentDate: '2025-02-15',
      ownAccount: { bankAccountId: 'car-account', openingDate: '2025-01-01' },
      ownCategory: { categoryId: 'car-category', categoryGroupId: 'loans', groupName: 'Kredyty' },
      targetId: 'car-target',
    })
    book.do('PayLoanInstallment', {
      loanId: 'car',
      installment: 1,
      fromBankAccountId: 'savings',
      date: '2025-02-15',
      transferId: 'pay',
      outflowTransactionId: 'pay-out',
      inflowTransactionId: 'pay-in',
      interestTransactionId: 'pay-interest',
    })
    const rebuilt = roundTrip(book.state)
    const periods = ['202501', '202502', '202503'] as PeriodKey[]
    expectSameBudget(book.state, rebuilt, periods)
    const tracking = [...rebuilt.accounts.values()].find((account) => account.name === 'Auto')
    expect(tracking).toMatchObject({ offBudget: true, openingBalance: -1_200_000 })
    const loan = [...rebuilt.loans.values()][0]
    expect(loan?.bankAccountId).toBe(tracking?.id)
    expect(loan?.activities).toEqual(book.state.loans.get('car' as never)?.activities)
    const category =
      loan?.categoryId === null || loan === undefined ? undefined : rebuilt.targets.get(loan.categoryId)
    expect(category).toMatchObject({
      type: 'DebtPayment',
      amount: book.state.targets.get('car-category' as never)?.amount,
    })
  })

  it('carries authorship as display names only: transactions, transfers and assignment records', () => {
    const original = dressed(run([]).state)
    const authorship = authorshipOf(original)
    const file = toKopertaFile(original, exportedAt, authorship)
    if (file === undefined) throw new Error('no file')
    const named = (id: string) => (authorship.transactionAuthors.get(id) === OLA ? 'Ola' : null)
    for (const transaction of file.transactions) expect(transaction.enteredBy).toBe(named(transaction.id))
    for (const transfer of file.transfers) expect(transfer.enteredBy).toBe(named(transfer.from.transactionId))
    const records = [...original.recordsByPeriod.values()].flat()
    expect(file.assignments).toHaveLength(records.length)
    // No member's id or e-mail anywhere in the file.
    expect(JSON.stringify(file)).not.toContain('nameless')
    expect(JSON.stringify(file)).not.toContain('"ola"')
    // Without authorship (a caller that has none) the fields are left out, not guessed.
    const plain = toKopertaFile(original, exportedAt)
    expect(plain?.assignments).toBeUndefined()
    expect(plain?.transactions.every((transaction) => !('enteredBy' in transaction))).toBe(true)
  })

  it('carries saved views: a category subject follows its category, a class stays, an unknown id matches nothing', () => {
    const original = dressed(run([]).state)
    const file = toKopertaFile(original, exportedAt)
    if (file === undefined) throw new Error('no file')
    const reports = new Map(file.filters.map((filter) => [filter.name, filter.report]))
    expect(reports.get('v-food')).toEqual({ kind: 'Trends', granularity: 'Month', subject: 'food' })
    expect(reports.get('Wszystko')).toBeUndefined()
    const rebuilt = roundTrip(original)
    const byName = new Map([...rebuilt.filters.values()].map((filter) => [filter.name, filter]))
    const food = [...rebuilt.categories.values()].find((category) => category.name === 'Jedzenie')
    expect(byName.get('v-food')?.report).toEqual({ kind: 'Trends', granularity: 'Month', subject: food?.id })
    expect(byName.get('v-class')?.report).toEqual({ kind: 'Trends', granularity: 'Year', subject: 'Food' })
    expect(byName.get('v-groups')?.report).toEqual({
      kind: 'Spending',
      granularity: 'Year',
      dimension: 'group',
    })
    const ghost = byName.get('v-ghost')?.report?.subject
    expect(ghost).toBeDefined()
    expect(rebuilt.categories.has(ghost as never)).toBe(false)
    // A filter without a report comes back without one: the transactions pane's filters are unchanged.
    expect(byName.get('Wszystko')).not.toHaveProperty('report')
  })

  it('still imports a version 2 file (no authorship)', () => {
    const original = dressed(run([]).state)
    const file = toKopertaFile(original, exportedAt)
    if (file === undefined) throw new Error('no file')
    const target = emptyTarget()
    const conversion = convertBudgetJson(throughFile({ ...file, version: 2 as const }), contextFor(target))
    expect(conversion.ok).toBe(true)
    expectSameBudget(original, imported(target, conversion), periods)
  })

  it('still imports a version 1 file (no templates)', () => {
    const original = dressed(run([]).state)
    const file = toKopertaFile(original, exportedAt)
    if (file === undefined) throw new Error('no file')
    const { templates: _templates, draftHorizonDays: _horizon, ...v1 } = { ...file, version: 1 as const }
    const target = emptyTarget()
    const conversion = convertBudgetJson(throughFile(v1), contextFor(target))
    expect(conversion.ok).toBe(true)
    const rebuilt = imported(target, conversion)
    expect(rebuilt.templates.size).toBe(0)
    expectSameBudget(original, rebuilt, periods)
  })

  it('export → import gives a budget whose every month view and account balance are identical (300 generated budgets)', () => {
    fc.assert(
      fc.property(sequences, (actions) => {
        const original = dressed(run(actions).state)
        const rebuilt = roundTrip(original)
        expectSameBudget(original, rebuilt, periods)
        // Everything the file holds comes back, ids aside: structure, statuses, reconciliations, targets, filters.
        const again = toKopertaFile(rebuilt, exportedAt)
        const first = toKopertaFile(original, exportedAt)
        if (again === undefined || first === undefined) throw new Error('no file')
        expect(canonical(again)).toEqual(canonical(first))
      }),
      { numRuns: 300 },
    )
  }, 120_000)
})
