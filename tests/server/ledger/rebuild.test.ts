import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rebuildBudget } from '../../../server/ledger/rebuild.ts'
import { ledgerDb } from '../../../server/ledger/tables.ts'
import { databases } from '../support/databases.ts'
import { expectStoredByAccountAndDate, readModelRows, type SmallBudget, smallBudget } from './fixtures.ts'
import { type Call, expectStatus, type Harness, startHarness } from './harness.ts'

describe.each(databases())('projection rebuild on $kind', (target) => {
  let harness: Harness
  let api: Call
  let budget: SmallBudget

  beforeAll(async () => {
    harness = await startHarness(target)
    api = await harness.as('rebuilder')
    budget = await smallBudget(api)
  }, 120_000)
  afterAll(async () => harness?.close())

  /** Every read-model row of the budget, and its stream row. */
  const snapshot = async () => {
    const db = ledgerDb(harness.app.database.db)
    const tables = await readModelRows(db, budget.id)
    const head = await db
      .selectFrom('budgets')
      .selectAll()
      .where('id', '=', budget.id)
      .executeTakeFirstOrThrow()
    return { tables, head: JSON.stringify(head) }
  }

  const expectRebuildEqualsInline = async () => {
    const inline = await snapshot()
    expect(Object.values(inline.tables).flat().length).toBeGreaterThan(10)
    await rebuildBudget(ledgerDb(harness.app.database.db), budget.id)
    expect(await snapshot()).toEqual(inline)
  }

  const post = async (path: string, body: unknown, status = 201) =>
    expectStatus(await api('POST', `${budget.base}/${path}`, body), status)
  const put = async (path: string, body: unknown) =>
    expectStatus(await api('PUT', `${budget.base}/${path}`, body), 200)

  it("writes a budget's transactions back by account and date, one account's days together", async () => {
    const dates = ['2025-05-17', '2025-05-02', '2025-05-28', '2025-05-09']
    for (let index = 0; index < 24; index++) {
      await post('transactions', {
        bankAccountId: index % 2 === 0 ? budget.checkingId : budget.savingsId,
        date: dates[index % dates.length],
        payee: `Rebuilt ${index}`,
        value: -(index + 1),
        splits: [],
      })
    }
    await rebuildBudget(ledgerDb(harness.app.database.db), budget.id)
    await expectStoredByAccountAndDate(ledgerDb(harness.app.database.db), budget.id, 'Rebuilt ', 8)
  })

  it('rebuilds exactly the rows the inline projection wrote (edits, transfers, reconcile, assignments)', async () => {
    const { checkingId, savingsId, foodId, rentId, salaryId } = budget
    const tx = (date: string, value: number, splits: { categoryId: string; value: number }[]) =>
      post('transactions', { bankAccountId: checkingId, date, payee: 'P', value, splits })
    await tx('2025-03-02', 400_000, [{ categoryId: salaryId, value: 400_000 }])
    const groceries = await tx('2025-03-03', -9_000, [
      { categoryId: foodId, value: -6_000 },
      { categoryId: rentId, value: -3_000 },
    ])
    const moved = await tx('2025-01-15', -1_500, [{ categoryId: foodId, value: -1_500 }])
    const gone = await tx('2025-04-04', -700, [])
    await put(`transactions/${moved.id}`, {
      date: '2025-04-10',
      splits: [{ categoryId: rentId, value: -1_500 }],
      cleared: true,
    })
    expectStatus(await api('DELETE', `${budget.base}/transactions/${gone.id}`), 200)
    const transfer = await post('transfers', {
      fromBankAccountId: checkingId,
      toBankAccountId: savingsId,
      date: '2025-03-20',
      value: 10_000,
    })
    await put(`transactions/${transfer.outflow.id}`, { value: -12_000 })
    await put(`transactions/${groceries.id}`, { cleared: true })
    await post(`bank-accounts/${checkingId}/reconcile`, { date: '2025-03-31', balance: 90_000 }, 200)
    await put(`period/202503/categories/${foodId}/assigned`, { value: 50_000 })
    await put(`period/202504/categories/${rentId}/assigned`, { value: 20_000 })
    await post(
      'period/202503/move-money',
      { fromCategoryId: foodId, toCategoryId: rentId, value: 5_000 },
      200,
    )
    await put(`categories/${foodId}/target`, { type: 'NeededForSpendingMonthly', amount: 30_000 })
    await post('period/202505/auto-assign', { option: 'underfunded' }, 200)
    await post('assignments/undo', undefined, 200)
    await post('filters', { name: 'Big', criteria: { minValue: 10_000 } })
    await put(`categories/${rentId}`, { name: 'Czynsz', hidden: true })
    await expectRebuildEqualsInline()
  })

  it('rebuilds the same rows after the rare whole rewrites (deleting a category, a fresh start)', async () => {
    const other = await post('categories', { categoryGroupId: budget.groupId, name: 'Fun', type: 'Expense' })
    await post('transactions', {
      bankAccountId: budget.checkingId,
      date: '2025-05-01',
      payee: 'Cinema',
      value: -2_000,
      splits: [{ categoryId: other.id, value: -2_000 }],
    })
    await put(`period/202505/categories/${other.id}/assigned`, { value: 4_000 })
    expectStatus(
      await api('DELETE', `${budget.base}/categories/${other.id}?moveToCategoryId=${budget.foodId}`),
      200,
    )
    await expectRebuildEqualsInline()
    await post('reset', { date: '2025-06-01' }, 200)
    await post('transactions', {
      bankAccountId: budget.checkingId,
      date: '2025-06-02',
      payee: 'After',
      value: -100,
      splits: [],
    })
    await expectRebuildEqualsInline()
  })

  it('rebuilds the same template, split and completion rows, and the summary decides template commands', async () => {
    const { checkingId, savingsId, foodId, rentId } = budget
    const run = async (command: Record<string, unknown>) =>
      expectStatus(await api('POST', `${budget.base}/commands`, { command }), 200)
    await run({
      _tag: 'CreateTemplate',
      templateId: 'tpl-rent',
      bankAccountId: checkingId,
      payee: 'Landlord',
      value: -150_000,
      splits: [
        { categoryId: rentId, value: -140_000 },
        { categoryId: foodId, value: -10_000 },
      ],
      frequency: 'Monthly',
      startDate: '2025-07-10',
    })
    await run({
      _tag: 'CreateTemplate',
      templateId: 'tpl-save',
      bankAccountId: checkingId,
      toBankAccountId: savingsId,
      payee: '',
      value: -5_000,
      splits: [],
      frequency: 'Weekly',
      interval: 2,
      startDate: '2025-07-01',
      shift: 'After',
    })
    await run({ _tag: 'EditTemplate', templateId: 'tpl-rent', memo: 'flat', amountMatch: 'Approximate' })
    const confirmed = await run({
      _tag: 'ConfirmOccurrence',
      templateId: 'tpl-rent',
      date: '2025-07-10',
      transactionId: 'tpl-rent-july',
    })
    expect(confirmed.events.map((event: { type: string }) => event.type)).toEqual([
      'TransactionAdded',
      'OccurrenceCompleted',
    ])
    await run({
      _tag: 'ConfirmOccurrence',
      templateId: 'tpl-save',
      date: '2025-07-01',
      transactionId: 'tpl-save-out',
      transfer: { transferId: 'tpl-save-transfer', inflowTransactionId: 'tpl-save-in' },
    })
    await run({ _tag: 'SkipOccurrence', templateId: 'tpl-save', date: '2025-07-15' })
    await run({ _tag: 'SkipOccurrencesThrough', templateId: 'tpl-save', date: '2025-08-01' })
    await run({ _tag: 'SetDraftHorizon', days: 14 })
    // An entered payment two days after August's rent, 5 % off: completes that occurrence (Approximate).
    const entered = await run({
      _tag: 'AddTransaction',
      transactionId: 'rent-august',
      bankAccountId: checkingId,
      date: '2025-08-12',
      payee: 'Landlord',
      value: -157_000,
      splits: [{ categoryId: rentId, value: -157_000 }],
    })
    expect(entered.events.map((event: { type: string }) => event.type)).toEqual([
      'TransactionAdded',
      'OccurrenceCompleted',
    ])
    const db = ledgerDb(harness.app.database.db)
    const rows = await readModelRows(db, budget.id)
    expect(rows.budget_transaction_templates).toHaveLength(2)
    expect(rows.budget_transaction_template_splits).toHaveLength(2)
    expect(rows.budget_template_completions).toHaveLength(4)
    await expectRebuildEqualsInline()
    const head = await db
      .selectFrom('budgets')
      .selectAll()
      .where('id', '=', budget.id)
      .executeTakeFirstOrThrow()
    expect(head.draft_horizon_days).toBe(14)
    await run({ _tag: 'DeleteTemplate', templateId: 'tpl-save' })
    const after = await readModelRows(db, budget.id)
    expect(after.budget_transaction_templates).toHaveLength(1)
    expect(after.budget_template_completions).toHaveLength(2)
    await expectRebuildEqualsInline()
  })
})
