import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LoanScheduleRow } from '../../../schemas/loans.ts'
import { ledgerDb } from '../../../server/ledger/tables.ts'
import { databases } from '../support/databases.ts'
import { readModelRows, type SmallBudget, smallBudget } from './fixtures.ts'
import { type Call, expectStatus, type Harness, startHarness } from './harness.ts'

// Issue 32 §3: the loans' HTTP contract. A loan is created with a server-made id, its schedule is computed from its
// terms and activities on every read (the mihata.pl example of tests/unit/domain/loans: 300 000 zł, 3.3 %,
// 30 years → 1 313,87 zł), and bad input gets 400 (schema) or 422 (the loan arithmetic's refusal), writing nothing.

/** A schedule row as the API serves it (issue 32 §3). */
type Row = LoanScheduleRow

const mortgage = {
  name: 'Hipoteka',
  principal: 30_000_000,
  annualRate: '3.3',
  installments: 360,
  paymentType: 'Constant',
  firstPaymentDate: '2025-02-10',
}

describe.each(databases())('loan routes on $kind', (target) => {
  let harness: Harness
  let api: Call
  let budget: SmallBudget

  beforeAll(async () => {
    harness = await startHarness(target)
    api = await harness.as('mortgagee')
    budget = await smallBudget(api, 'Kredyty')
  }, 120_000)
  afterAll(async () => harness?.close())

  const create = async (body: object = mortgage) =>
    expectStatus(await api('POST', `${budget.base}/loans`, body), 201) as { id: string }
  const schedule = async (loanId: string) =>
    expectStatus(await api('GET', `${budget.base}/loans/${loanId}/schedule`), 200) as Row[]
  const record = (loanId: string, activity: object) =>
    api('POST', `${budget.base}/loans/${loanId}/activities`, activity)
  const row = (rows: readonly Row[], number: number): Row => {
    const found = rows[number - 1]
    if (found?.number !== number) throw new Error(`no row ${number}`)
    return found
  }

  it('creates a loan with a server-made id and serves its 360-row schedule', async () => {
    const loan = await create()
    expect(loan).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/u),
      ...mortgage,
      // Its own tracking account and category (tests/server/ledger/loanBudget.test.ts).
      bankAccountId: expect.any(String),
      categoryId: expect.any(String),
      state: 'Active',
      activities: [],
    })
    const rows = await schedule(loan.id)
    expect(rows).toHaveLength(360)
    // mihata.pl: installment 1 313,87 zł; the first month's interest 300 000 × 3,3 % / 12 = 825,00 zł.
    expect(rows[0]).toEqual({
      number: 1,
      date: '2025-02-10',
      payment: 131_387,
      principal: 48_887,
      interest: 82_500,
      overpayment: 0,
      balance: 30_000_000 - 48_887,
    })
    expect(row(rows, 360)).toMatchObject({ date: '2055-01-10', balance: 0 })
    expect(rows.every((r) => r.payment === r.principal + r.interest)).toBe(true)

    const linked = await create({ ...mortgage, name: 'Z kontem', bankAccountId: budget.checkingId })
    expect(linked).toMatchObject({ bankAccountId: budget.checkingId, categoryId: expect.any(String) })
    const listed = expectStatus(await api('GET', `${budget.base}/loans`), 200) as { id: string }[]
    expect(listed.map(({ id }) => id)).toEqual(expect.arrayContaining([loan.id, linked.id]))
  })

  it("answers a retried create with the first loan, not a second one (the id is the server's)", async () => {
    const key = { 'idempotency-key': `loan-${budget.id}` }
    const first = expectStatus(await api('POST', `${budget.base}/loans`, mortgage, key), 201)
    const again = expectStatus(await api('POST', `${budget.base}/loans`, mortgage, key), 201)
    expect(again.id).toBe(first.id)
    const listed = expectStatus(await api('GET', `${budget.base}/loans`), 200) as { id: string }[]
    expect(listed.filter(({ id }) => id === first.id)).toHaveLength(1)
    expect(listed).toHaveLength(new Set(listed.map(({ id }) => id)).size)
  })

  it('shortens the term for a ShortenTerm overpayment, keeping the installment', async () => {
    const loan = await create()
    const before = await schedule(loan.id)
    const overpayment = {
      type: 'PrincipalChange',
      afterInstallment: 12,
      value: 5_000_000,
      mode: 'ShortenTerm',
    }
    const answer = expectStatus(await record(loan.id, overpayment), 201)
    expect(answer).toMatchObject({ id: loan.id, activities: [overpayment] })
    const after = await schedule(loan.id)
    expect(after.length).toBeLessThan(360)
    expect(after.slice(0, 11)).toEqual(before.slice(0, 11))
    expect(row(after, 12)).toMatchObject({
      overpayment: 5_000_000,
      balance: row(before, 12).balance - 5_000_000,
    })
    expect(row(after, 13).payment).toBe(131_387)
    expect(after.at(-1)?.balance).toBe(0)
  })

  it('lowers the installment for a LowerInstallment overpayment, keeping the end date', async () => {
    const loan = await create()
    const before = await schedule(loan.id)
    expectStatus(
      await record(loan.id, {
        type: 'PrincipalChange',
        afterInstallment: 12,
        value: 5_000_000,
        mode: 'LowerInstallment',
      }),
      201,
    )
    const after = await schedule(loan.id)
    expect(after).toHaveLength(360)
    expect(after.at(-1)).toMatchObject({ date: before.at(-1)?.date, balance: 0 })
    expect(row(after, 13).payment).toBeLessThan(131_387)
    expect(after.slice(0, 11)).toEqual(before.slice(0, 11))
  })

  it('changes only the rows from the installment a new rate applies from', async () => {
    const loan = await create()
    const before = await schedule(loan.id)
    expectStatus(
      await record(loan.id, { type: 'InterestRateChange', fromInstallment: 25, annualRate: '5.25' }),
      201,
    )
    const after = await schedule(loan.id)
    expect(after).toHaveLength(360)
    expect(after.slice(0, 24)).toEqual(before.slice(0, 24))
    // 25: interest on the balance after 24 at 5,25 % / 12, and a higher installment over the 336 left.
    const balance = row(before, 24).balance
    expect(row(after, 25).interest).toBe(Math.round((balance * 5.25) / 1200))
    expect(row(after, 25).payment).toBeGreaterThan(131_387)
    const activities = expectStatus(await api('GET', `${budget.base}/loan-activities`), 200)
    expect(activities).toContainEqual({
      loanId: loan.id,
      index: 0,
      activity: { type: 'InterestRateChange', fromInstallment: 25, annualRate: '5.25' },
    })
    const all = expectStatus(await api('GET', `${budget.base}/loans-schedule`), 200) as { loanId: string }[]
    expect(all.filter((r) => r.loanId === loan.id)).toHaveLength(360)
  })

  it('refuses bad input with 400 or 422 and a reason, writing nothing', async () => {
    const loan = await create()
    const db = ledgerDb(harness.app.database.db)
    const rowsBefore = await readModelRows(db, budget.id)
    const version = (await api('GET', `${budget.base}/loans`)).headers.etag

    const badLoans: Array<[object, number, string]> = [
      [{ ...mortgage, paymentType: 'Weekly' }, 400, 'validation_failed'],
      [{ ...mortgage, installments: 'many' }, 400, 'validation_failed'],
      [{ ...mortgage, annualRate: '3,3' }, 400, 'validation_failed'],
      [{ name: 'Bez terminu', principal: 100_000 }, 400, 'validation_failed'],
      [{ ...mortgage, principal: 0 }, 422, 'loan-principal-out-of-range'],
      [{ ...mortgage, principal: -100 }, 422, 'loan-principal-out-of-range'],
      [{ ...mortgage, installments: 0 }, 422, 'loan-installments-out-of-range'],
      [{ ...mortgage, annualRate: '100.5' }, 422, 'loan-rate-out-of-range'],
      [{ ...mortgage, annualRate: '3.33333' }, 422, 'loan-rate-too-precise'],
      [{ ...mortgage, bankAccountId: 'no-such-account' }, 422, 'bank-account-not-found'],
    ]
    for (const [body, status, code] of badLoans) {
      const answer = await api('POST', `${budget.base}/loans`, body)
      expect(answer.status, JSON.stringify(body)).toBe(status)
      expect(answer.body, JSON.stringify(body)).toMatchObject({ status, code, detail: expect.any(String) })
    }

    const badActivities: Array<[object, number, string]> = [
      [{ type: 'PrincipalChange', afterInstallment: 12, value: 100 }, 400, 'validation_failed'],
      [{ type: 'Refinance', fromInstallment: 2 }, 400, 'validation_failed'],
      [
        { type: 'PrincipalChange', afterInstallment: 0, value: 100, mode: 'ShortenTerm' },
        422,
        'loan-activity-out-of-range',
      ],
      [
        { type: 'PrincipalChange', afterInstallment: 361, value: 100, mode: 'ShortenTerm' },
        422,
        'loan-activity-out-of-range',
      ],
      [
        { type: 'PrincipalChange', afterInstallment: 12, value: 40_000_000, mode: 'ShortenTerm' },
        422,
        'loan-overpayment-exceeds-balance',
      ],
      [
        { type: 'InterestRateChange', fromInstallment: 0, annualRate: '4' },
        422,
        'loan-activity-out-of-range',
      ],
      [{ type: 'InterestRateChange', fromInstallment: 2, annualRate: '101' }, 422, 'loan-rate-out-of-range'],
    ]
    for (const [activity, status, code] of badActivities) {
      const answer = await record(loan.id, activity)
      expect(answer.status, JSON.stringify(activity)).toBe(status)
      expect(answer.body, JSON.stringify(activity)).toMatchObject({
        status,
        code,
        detail: expect.any(String),
      })
    }
    const unknown = await record('no-such-loan', {
      type: 'InterestRateChange',
      fromInstallment: 2,
      annualRate: '4',
    })
    expect(unknown.body).toMatchObject({ status: 422, code: 'loan-not-found' })
    expect((await api('GET', `${budget.base}/loans/no-such-loan/schedule`)).status).toBe(404)

    expect((await api('GET', `${budget.base}/loans`)).headers.etag).toBe(version)
    expect(await readModelRows(db, budget.id)).toEqual(rowsBefore)
    expect(await schedule(loan.id)).toHaveLength(360)
  })
})
