import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LoanScheduleRow } from '../../../schemas/loans.ts'
import { databases } from '../support/databases.ts'
import { type SmallBudget, smallBudget } from './fixtures.ts'
import { type Call, expectStatus, type Harness, startHarness } from './harness.ts'

// Issue 32 §2: a loan in the budget. Its own tracking (off-budget) account holds minus what is owed and stays out of
// Ready to Assign; an installment paid from a budget account crosses the budget's edge carrying the loan's category
// (principal as a transfer, interest as spending); the category's DebtPayment target follows the next installment.
// The ledger's clock is set to 2026-03-10, so "today" is fixed (the loan's account opens then, at what is owed).

/** A schedule row as the API serves it (issue 32 §3). */
type Row = LoanScheduleRow
interface Account {
  id: string
  name: string
  offBudget: boolean
  balance: number
  openingDate: string
  openingBalance: number
}
interface Month {
  readyToAssign: number
  categories: { id: string; activity: number; target?: { type: string; neededThisMonth: number } }[]
}

const car = {
  name: 'Samochód',
  principal: 4_000_000,
  annualRate: '8.9',
  installments: 48,
  paymentType: 'Constant',
  firstPaymentDate: '2026-01-15',
  disbursementDate: '2025-12-15',
}

describe.each(databases())('loans in the budget on $kind', (target) => {
  let harness: Harness
  let api: Call
  let budget: SmallBudget

  beforeAll(async () => {
    harness = await startHarness(target)
    Object.assign(harness.app.ledger, { clock: () => new Date('2026-03-10T09:00:00Z') })
    api = await harness.as('borrower')
    budget = await smallBudget(api, 'Kredyt')
  }, 120_000)
  afterAll(async () => harness?.close())

  const accounts = async () =>
    expectStatus(await api('GET', `${budget.base}/bank-accounts`), 200) as Account[]
  const account = async (id: string) => {
    const found = (await accounts()).find((a) => a.id === id)
    if (found === undefined) throw new Error(`no account ${id}`)
    return found
  }
  const month = async (period: string) =>
    expectStatus(await api('GET', `${budget.base}/period/${period}`), 200) as Month
  const categoryIn = (view: Month, id: string) => {
    const found = view.categories.find((c) => c.id === id)
    if (found === undefined) throw new Error(`no category ${id}`)
    return found
  }
  const schedule = async (loanId: string) =>
    expectStatus(await api('GET', `${budget.base}/loans/${loanId}/schedule`), 200) as Row[]
  const create = async (body: object) =>
    expectStatus(await api('POST', `${budget.base}/loans`, body), 201) as {
      id: string
      bankAccountId: string
      categoryId: string
      state: string
      activities: { type: string }[]
    }

  it('opens the loan its own tracking account at minus what is owed today, outside Ready to Assign', async () => {
    const before = await month('202603')
    const loan = await create({ ...car, categoryGroupName: 'Kredyty i pożyczki' })
    const rows = await schedule(loan.id)
    // Today is 2026-03-10: installments 1 (Jan) and 2 (Feb) are behind, so what is owed is row 2's balance.
    const own = await account(loan.bankAccountId)
    expect(own).toMatchObject({
      name: 'Samochód',
      offBudget: true,
      openingDate: '2026-03-10',
      openingBalance: -(rows[1]?.balance ?? 0),
      balance: -(rows[1]?.balance ?? 0),
    })
    const after = await month('202603')
    expect(after.readyToAssign).toBe(before.readyToAssign)
    // Its own category, in the group named, with a DebtPayment target at the next installment (3, in March).
    const categories = expectStatus(await api('GET', `${budget.base}/categories`), 200) as {
      id: string
      name: string
      categoryGroupId: string
    }[]
    const groups = expectStatus(await api('GET', `${budget.base}/category-groups`), 200) as {
      id: string
      name: string
    }[]
    const category = categories.find((c) => c.id === loan.categoryId)
    expect(category?.name).toBe('Samochód')
    expect(groups.find((g) => g.id === category?.categoryGroupId)?.name).toBe('Kredyty i pożyczki')
    expect(categoryIn(after, loan.categoryId).target).toMatchObject({
      type: 'DebtPayment',
      neededThisMonth: rows[2]?.payment,
    })
  })

  it('pays an installment across the budget edge: principal into the loan, interest as spending', async () => {
    const loan = await create({ ...car, name: 'Laptop', principal: 600_000, installments: 12 })
    const rows = await schedule(loan.id)
    const third = rows[2]
    if (third === undefined) throw new Error('no third row')
    const checking = await account(budget.checkingId)
    const own = await account(loan.bankAccountId)
    const before = await month('202603')

    const paid = expectStatus(
      await api('POST', `${budget.base}/loans/${loan.id}/payments`, {
        installment: 3,
        fromBankAccountId: budget.checkingId,
        date: '2026-03-15',
      }),
      201,
    ) as { activities: unknown[] }
    expect(paid.activities).toEqual([{ type: 'Payment', installment: 3, value: third.payment }])
    expect((await account(budget.checkingId)).balance).toBe(checking.balance - third.payment)
    expect((await account(loan.bankAccountId)).balance).toBe(own.balance + third.principal)
    const after = await month('202603')
    // The whole installment is the category's activity; Ready to Assign does not move (nothing was assigned).
    expect(categoryIn(after, loan.categoryId).activity).toBe(
      categoryIn(before, loan.categoryId).activity - third.payment,
    )
    expect(after.readyToAssign).toBe(before.readyToAssign)
    // The target moved to installment 4 (in April); March's own need is still installment 3's amount paid.
    const april = await month('202604')
    expect(categoryIn(april, loan.categoryId).target?.neededThisMonth).toBe(rows[3]?.payment)
    // The interest part is spending with the loan's name as payee, in the register of the paying account.
    const register = expectStatus(
      await api('GET', `${budget.base}/transactions?accountId=${budget.checkingId}`),
      200,
    ) as {
      items: { payee: string; value: number; transferId: string | null; splits: { categoryId: string }[] }[]
    }
    const interest = register.items.find((t) => t.payee === 'Laptop' && t.transferId === null)
    expect(interest).toMatchObject({ value: -third.interest, splits: [{ categoryId: loan.categoryId }] })
    const principal = register.items.find((t) => t.transferId !== null && t.value === -third.principal)
    expect(principal?.splits).toEqual([{ categoryId: loan.categoryId, value: -third.principal }])

    const again = await api('POST', `${budget.base}/loans/${loan.id}/payments`, {
      installment: 3,
      fromBankAccountId: budget.checkingId,
      date: '2026-03-16',
    })
    expect(again.status).toBe(422)
    expect(again.body).toMatchObject({ code: 'loan-installment-not-payable', reason: 'AlreadyPaid' })
    const fromTracking = await api('POST', `${budget.base}/loans/${loan.id}/payments`, {
      installment: 4,
      fromBankAccountId: loan.bankAccountId,
      date: '2026-04-15',
    })
    expect(fromTracking.status).toBe(422)
    expect(fromTracking.body).toMatchObject({ code: 'loan-paid-from-tracking-account' })
    expect((await account(budget.checkingId)).balance).toBe(checking.balance - third.payment)
  })

  it('moves an overpayment into the loan and closes it when nothing is left to pay', async () => {
    const loan = await create({ ...car, name: 'Telefon', principal: 300_000, installments: 6 })
    const own = await account(loan.bankAccountId)
    const owed = -own.balance
    const overpaid = expectStatus(
      await api('POST', `${budget.base}/loans/${loan.id}/overpayments`, {
        afterInstallment: 2,
        value: owed,
        mode: 'ShortenTerm',
        fromBankAccountId: budget.checkingId,
        date: '2026-03-10',
      }),
      201,
    ) as { state: string }
    expect(overpaid.state).toBe('Closed')
    expect((await account(loan.bankAccountId)).balance).toBe(0)
    const rows = await schedule(loan.id)
    expect(rows.at(-1)).toMatchObject({ number: 2, overpayment: owed, balance: 0 })
    const refused = await api('POST', `${budget.base}/loans/${loan.id}/activities`, {
      type: 'InterestRateChange',
      fromInstallment: 2,
      annualRate: '5',
    })
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({ code: 'loan-closed' })
  })

  it('lowers the tracking account by an overpayment recorded without an account to pay it from', async () => {
    const loan = await create({ ...car, name: 'Kredyt gotówkowy', principal: 2_000_000 })
    const before = await account(loan.bankAccountId)
    const ready = (await month('202603')).readyToAssign
    expectStatus(
      await api('POST', `${budget.base}/loans/${loan.id}/activities`, {
        type: 'PrincipalChange',
        afterInstallment: 3,
        value: 500_000,
        mode: 'LowerInstallment',
      }),
      201,
    )
    expect((await account(loan.bankAccountId)).balance).toBe(before.balance + 500_000)
    expect((await month('202603')).readyToAssign).toBe(ready)
  })

  it('closes a loan by hand', async () => {
    const loan = await create({ ...car, name: 'Pożyczka od banku', bankAccountId: budget.savingsId })
    const closed = expectStatus(await api('POST', `${budget.base}/loans/${loan.id}/close`), 200)
    expect(closed).toMatchObject({ state: 'Closed', bankAccountId: budget.savingsId })
    expect((await api('POST', `${budget.base}/loans/${loan.id}/close`)).status).toBe(422)
  })

  it('keeps a tracking account out of the budget, and gives a category only to transfers across its edge', async () => {
    const before = await month('202603')
    const tracking = expectStatus(
      await api('POST', `${budget.base}/bank-accounts`, {
        name: 'Akcje',
        type: 'unconnected',
        balance: 500_000,
        date: '2026-03-01',
        offBudget: true,
      }),
      201,
    ) as Account
    expect(tracking.offBudget).toBe(true)
    expect((await month('202603')).readyToAssign).toBe(before.readyToAssign)

    const categorized = await api('POST', `${budget.base}/transactions`, {
      bankAccountId: tracking.id,
      date: '2026-03-05',
      payee: 'Dywidenda',
      value: 1_000,
      splits: [{ categoryId: budget.salaryId, value: 1_000 }],
    })
    expect(categorized.status).toBe(422)
    expect(categorized.body).toMatchObject({ code: 'off-budget-has-no-categories' })
    const plain = expectStatus(
      await api('POST', `${budget.base}/transactions`, {
        bankAccountId: tracking.id,
        date: '2026-03-05',
        payee: 'Wzrost kursu',
        value: 20_000,
        splits: [],
      }),
      201,
    )
    expect(plain.splits).toEqual([])
    expect((await month('202603')).readyToAssign).toBe(before.readyToAssign)

    // Into the tracking account: money leaves the budget in the category given.
    const across = expectStatus(
      await api('POST', `${budget.base}/transfers`, {
        fromBankAccountId: budget.checkingId,
        toBankAccountId: tracking.id,
        date: '2026-03-06',
        value: 10_000,
        categoryId: budget.foodId,
      }),
      201,
    )
    expect(across.outflow.splits).toEqual([{ categoryId: budget.foodId, value: -10_000 }])
    expect(across.inflow.splits).toEqual([])
    const after = await month('202603')
    expect(categoryIn(after, budget.foodId).activity).toBe(
      categoryIn(before, budget.foodId).activity - 10_000,
    )
    // Between budget accounts a transfer carries none.
    const inside = await api('POST', `${budget.base}/transfers`, {
      fromBankAccountId: budget.checkingId,
      toBankAccountId: budget.savingsId,
      date: '2026-03-06',
      value: 10_000,
      categoryId: budget.foodId,
    })
    expect(inside.status).toBe(422)
    expect(inside.body).toMatchObject({ code: 'transfer-has-no-categories' })
    // Net worth counts the tracking account with the budget's.
    const worth = expectStatus(
      await api('GET', `${budget.base}/statistics/net-worth?fromPeriod=202603&toPeriod=202603`),
      200,
    ) as { periods: { netWorth: number }[] }
    const total = (await accounts()).reduce((sum, a) => sum + a.balance, 0)
    expect(worth.periods.at(-1)?.netWorth).toBe(total)
  })
})
