import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rebuildBudget } from '../../../server/ledger/rebuild.ts'
import { ledgerDb } from '../../../server/ledger/tables.ts'
import { databases } from '../support/databases.ts'
import { readModelRows, type SmallBudget, smallBudget } from './fixtures.ts'
import { type Call, expectStatus, type Harness, startHarness } from './harness.ts'

// Issue 32 §2: loans in the budget stream through `POST …/commands` (their own routes come with issue 32 §3): a
// loan is kept in the state and its read model (a cold summary, a rebuild), and a command the loan's schedule
// refuses gets 422 with the schedule's reason and writes nothing.

describe.each(databases())('loans in the budget stream on $kind', (target) => {
  let harness: Harness
  let api: Call
  let budget: SmallBudget

  beforeAll(async () => {
    harness = await startHarness(target)
    api = await harness.as('borrower')
    budget = await smallBudget(api, 'Kredyty')
  }, 120_000)
  afterAll(async () => harness?.close())

  const run = (command: object) => api('POST', `${budget.base}/commands`, { command })
  const loans = async () =>
    expectStatus(await api('GET', `${budget.base}/state?part=summary`), 200).state.loans as Array<{
      id: string
      state: string
      activities: unknown[]
    }>

  it('keeps a loan and its activities through a cold summary and a rebuild; refusals write nothing', async () => {
    expectStatus(
      await run({
        _tag: 'CreateLoan',
        loanId: 'mortgage',
        name: 'Hipoteka',
        principal: 30_000_000,
        annualRate: '3.3',
        installments: 360,
        paymentType: 'Constant',
        firstPaymentDate: '2025-02-10',
        bankAccountId: budget.checkingId,
      }),
      200,
    )
    const overpayment = {
      type: 'PrincipalChange',
      afterInstallment: 12,
      value: 5_000_000,
      mode: 'ShortenTerm',
    }
    expectStatus(await run({ _tag: 'RecordLoanActivity', loanId: 'mortgage', activity: overpayment }), 200)

    const db = ledgerDb(harness.app.database.db)
    const before = await readModelRows(db, budget.id)
    const tooMuch = { ...overpayment, afterInstallment: 13, value: 40_000_000 }
    const refused = await run({ _tag: 'RecordLoanActivity', loanId: 'mortgage', activity: tooMuch })
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({ code: 'loan-overpayment-exceeds-balance' })
    const badRate = await run({
      _tag: 'RecordLoanActivity',
      loanId: 'mortgage',
      activity: { type: 'InterestRateChange', fromInstallment: 2, annualRate: '3.00001' },
    })
    expect(badRate.body).toMatchObject({ status: 422, code: 'loan-rate-too-precise' })
    expect(await readModelRows(db, budget.id)).toEqual(before)

    expect(await loans()).toMatchObject([{ id: 'mortgage', state: 'Active', activities: [overpayment] }])
    harness.app.ledger.cache.drop(budget.id)
    expect(await loans()).toMatchObject([{ id: 'mortgage', state: 'Active', activities: [overpayment] }])
    await rebuildBudget(db, budget.id)
    expect(await readModelRows(db, budget.id)).toEqual(before)
  })
})
