import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rebuildBudget } from '../../../server/ledger/rebuild.ts'
import { ledgerDb } from '../../../server/ledger/tables.ts'
import { join, userIdOf } from '../sharing/support.ts'
import { databases } from '../support/databases.ts'
import { readModelRows, type SmallBudget, smallBudget } from './fixtures.ts'
import { type Call, expectStatus, type Harness, startHarness } from './harness.ts'

interface WireTransaction {
  readonly id: string
  readonly payee: string
  readonly enteredBy?: string | null
}

describe.each(databases())('who entered each transaction, on $kind', (target) => {
  let harness: Harness
  let owner: Call
  let partner: Call
  let ownerId: string
  let partnerId: string
  let budget: SmallBudget

  beforeAll(async () => {
    harness = await startHarness(target)
    owner = await harness.as('author-owner')
    budget = await smallBudget(owner)
    partner = await join(harness, owner, budget.id, 'author-partner')
    ownerId = await userIdOf(harness, 'author-owner')
    partnerId = await userIdOf(harness, 'author-partner')
  }, 120_000)
  afterAll(async () => harness?.close())

  const post = async (as: Call, path: string, body: unknown, status = 201) =>
    expectStatus(await as('POST', `${budget.base}/${path}`, body), status)
  const spend = (as: Call, payee: string, date = '2025-03-10') =>
    post(as, 'transactions', {
      bankAccountId: budget.checkingId,
      date,
      payee,
      value: -1_000,
      splits: [{ categoryId: budget.foodId, value: -1_000 }],
    })
  /** payee (or id for a transfer side) → author, as GET …/transactions answers it. */
  const authors = async () => {
    const page = expectStatus(await owner('GET', `${budget.base}/transactions?limit=1000`), 200) as {
      items: WireTransaction[]
    }
    return new Map(page.items.map((item) => [item.payee === '' ? item.id : item.payee, item.enteredBy]))
  }
  const snapshot = async () => readModelRows(ledgerDb(harness.app.database.db), budget.id)

  it('answers each transaction and transfer side with the member who entered or last changed it', async () => {
    await spend(owner, 'Owner shop')
    const edited = await spend(owner, 'Edited by partner')
    await spend(partner, 'Partner shop')
    expectStatus(
      await partner('PUT', `${budget.base}/transactions/${edited.id}`, { memo: 'partner was here' }),
      200,
    )
    const transfer = await post(partner, 'transfers', {
      fromBankAccountId: budget.checkingId,
      toBankAccountId: budget.savingsId,
      date: '2025-03-11',
      value: 5_000,
    })
    const items = ['Bulk 1', 'Bulk 2'].map((payee) => ({
      bankAccountId: budget.savingsId,
      date: '2025-03-12',
      payee,
      value: -100,
      splits: [],
    }))
    await post(partner, 'transactions/bulk', { items })
    // A template confirmed by the owner: the confirming member is the author.
    const command = (body: Record<string, unknown>) => post(owner, 'commands', { command: body }, 200)
    await command({
      _tag: 'CreateTemplate',
      templateId: 'author-tpl',
      bankAccountId: budget.checkingId,
      payee: 'Confirmed rent',
      value: -3_000,
      splits: [],
      frequency: 'Monthly',
      startDate: '2025-03-15',
    })
    await command({
      _tag: 'ConfirmOccurrence',
      templateId: 'author-tpl',
      date: '2025-03-15',
      transactionId: 'author-tpl-march',
    })
    // Clearing and reconciling by the partner marks transactions but does not take them over.
    await post(
      partner,
      `bank-accounts/${budget.checkingId}/reconcile`,
      { date: '2025-03-31', balance: 90_000 },
      200,
    )

    const byPayee = await authors()
    expect(Object.fromEntries(byPayee)).toMatchObject({
      'Owner shop': ownerId,
      'Edited by partner': partnerId,
      'Partner shop': partnerId,
      [transfer.outflow.id]: partnerId,
      [transfer.inflow.id]: partnerId,
      'Bulk 1': partnerId,
      'Bulk 2': partnerId,
      'Confirmed rent': ownerId,
    })
  })

  it('rebuilds from the events exactly the authors the writes stored inline', async () => {
    const inline = await snapshot()
    const authored = (inline.transactions ?? []).filter((row) => row.includes(partnerId))
    expect(authored.length).toBeGreaterThan(4)
    await rebuildBudget(ledgerDb(harness.app.database.db), budget.id)
    expect(await snapshot()).toEqual(inline)
  })

  it('keeps the author in the whole state a client loads', async () => {
    const { state } = expectStatus(await partner('GET', `${budget.base}/state`), 200) as {
      state: { transactions: WireTransaction[] }
    }
    const rent = state.transactions.find((item) => item.payee === 'Confirmed rent')
    const shop = state.transactions.find((item) => item.payee === 'Partner shop')
    expect([rent?.enteredBy, shop?.enteredBy]).toEqual([ownerId, partnerId])
  })
})
