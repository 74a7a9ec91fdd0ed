import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SmallBudget, smallBudget, versionOf } from '../ledger/fixtures.ts'
import { type Call, expectStatus, type Harness, startHarness } from '../ledger/harness.ts'
import { databases } from '../support/databases.ts'

// Recurring transaction templates over HTTP (issue 29 §3 contract, §4 bad input). The server's "today" is the date
// in Europe/Warsaw by the ledger's clock, set here to 2026-03-10 (horizon 7 days: drafts up to 2026-03-17).

const now = new Date('2026-03-10T10:00:00Z')

describe.each(databases())('transaction templates on $kind', (target) => {
  let harness: Harness
  let api: Call
  let budget: SmallBudget

  beforeAll(async () => {
    harness = await startHarness(target)
    Object.assign(harness.app.ledger, { clock: () => now })
    api = await harness.as('alice')
    budget = await smallBudget(api)
  }, 120_000)
  afterAll(async () => harness?.close())

  const rent = (fields: Record<string, unknown> = {}) => ({
    bankAccountId: budget.checkingId,
    payee: 'Landlord',
    value: -150_000,
    frequency: 'Monthly',
    startDate: '2026-03-15',
    splits: [{ categoryId: budget.rentId, value: -150_000 }],
    ...fields,
  })
  const create = async (body: Record<string, unknown>) =>
    expectStatus(await api('POST', `${budget.base}/transaction-templates`, body), 201)
  const occurrences = async (id: string, from: string, to: string) =>
    expectStatus(
      await api('GET', `${budget.base}/transaction-templates/${id}/occurrences?from=${from}&to=${to}`),
      200,
    )
  const checking = async () =>
    (
      expectStatus(await api('GET', `${budget.base}/bank-accounts`), 200) as { id: string; balance: number }[]
    ).find((account) => account.id === budget.checkingId)
  const month = async () => expectStatus(await api('GET', `${budget.base}/period/202603`), 200)
  const transactionCount = async () =>
    expectStatus(await api('GET', `${budget.base}/transactions?limit=1000`), 200).items.length as number

  it('creates a monthly bill, shows its due draft, confirms it once, skips the next', async () => {
    const monthBefore = await month()
    const balanceBefore = (await checking())?.balance
    const template = await create(rent())
    expect(template).toMatchObject({
      id: expect.any(String),
      bankAccountId: budget.checkingId,
      toBankAccountId: null,
      payee: 'Landlord',
      value: -150_000,
      frequency: 'Monthly',
      interval: 1,
      startDate: '2026-03-15',
      endDate: null,
      occurrences: null,
      splits: [{ categoryId: budget.rentId, value: -150_000 }],
    })
    const listed = expectStatus(await api('GET', `${budget.base}/transaction-templates`), 200)
    expect(listed).toContainEqual(template)
    expect(expectStatus(await api('GET', `${budget.base}/transaction-template-splits`), 200)).toContainEqual({
      transactionTemplateId: template.id,
      categoryId: budget.rentId,
      value: -150_000,
    })
    expect(await occurrences(template.id, '2026-03-01', '2026-05-31')).toEqual([
      { date: '2026-03-15', status: 'Draft' },
      { date: '2026-04-15', status: 'Upcoming' },
      { date: '2026-05-15', status: 'Upcoming' },
    ])
    // Drafts change no balance and no month figure until confirmed.
    expect((await checking())?.balance).toBe(balanceBefore)
    expect(await month()).toEqual(monthBefore)
    const drafts = expectStatus(await api('GET', `${budget.base}/drafts?from=2026-03-01&to=2026-04-30`), 200)
    expect(drafts.filter((row: { templateId: string }) => row.templateId === template.id)).toEqual([
      {
        templateId: template.id,
        date: '2026-03-15',
        status: 'Draft',
        bankAccountId: budget.checkingId,
        toBankAccountId: null,
        payee: 'Landlord',
        memo: '',
        value: -150_000,
        splits: [{ categoryId: budget.rentId, value: -150_000 }],
      },
      expect.objectContaining({ date: '2026-04-15', status: 'Upcoming' }),
    ])

    const count = await transactionCount()
    const confirmUrl = `${budget.base}/transaction-templates/${template.id}/occurrences/2026-03-15/confirm`
    const confirmed = expectStatus(await api('POST', confirmUrl), 201)
    expect(confirmed).toMatchObject({
      bankAccountId: budget.checkingId,
      date: '2026-03-15',
      payee: 'Landlord',
      value: -150_000,
      kind: 'Regular',
      splits: [{ categoryId: budget.rentId, value: -150_000 }],
    })
    expect(await transactionCount()).toBe(count + 1)
    expect((await checking())?.balance).toBe((balanceBefore ?? 0) - 150_000)
    expect(await month()).not.toEqual(monthBefore)
    expect((await occurrences(template.id, '2026-03-15', '2026-03-15'))[0]).toEqual({
      date: '2026-03-15',
      status: 'Completed',
    })

    // Again: nothing added, the same transaction, 200.
    const version = await versionOf(api, budget.base)
    const again = await api('POST', confirmUrl, {})
    expect(again.status).toBe(200)
    expect(again.body).toEqual(confirmed)
    expect(await transactionCount()).toBe(count + 1)
    expect(await versionOf(api, budget.base)).toBe(version)

    const skipped = expectStatus(
      await api('POST', `${budget.base}/transaction-templates/${template.id}/occurrences/2026-04-15/skip`),
      200,
    )
    expect(skipped).toMatchObject({ date: '2026-04-15', status: 'Skipped' })
    expect(await occurrences(template.id, '2026-03-01', '2026-05-31')).toEqual([
      { date: '2026-03-15', status: 'Completed' },
      { date: '2026-04-15', status: 'Skipped' },
      { date: '2026-05-15', status: 'Upcoming' },
    ])
    // A skipped occurrence cannot be confirmed; nothing is written.
    const refused = await api(
      'POST',
      `${budget.base}/transaction-templates/${template.id}/occurrences/2026-04-15/confirm`,
    )
    expect(refused.status).toBe(422)
    expect(refused.body.code).toBe('occurrence-skipped')
    expect(await transactionCount()).toBe(count + 1)
  })

  it('clamps a monthly template on the 31st to the month end, visibly through the route', async () => {
    const template = await create(rent({ startDate: '2026-01-31', payee: 'Month end' }))
    expect(
      (await occurrences(template.id, '2026-01-01', '2026-06-30')).map((row: { date: string }) => row.date),
    ).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30'])
    // Due ones (≤ today + 7) are drafts, however old.
    expect(
      (await occurrences(template.id, '2026-01-01', '2026-03-31')).map(
        (row: { status: string }) => row.status,
      ),
    ).toEqual(['Draft', 'Draft', 'Upcoming'])
    const through = expectStatus(
      await api('POST', `${budget.base}/transaction-templates/${template.id}/skip-through`, {
        date: '2026-02-28',
      }),
      200,
    )
    expect(through.skippedThrough).toBe('2026-02-28')
    expect(
      (await occurrences(template.id, '2026-01-01', '2026-03-31')).map(
        (row: { status: string }) => row.status,
      ),
    ).toEqual(['Skipped', 'Skipped', 'Upcoming'])
  })

  it('confirms with another value and date; a changed value with several splits needs splits', async () => {
    const template = await create(
      rent({
        payee: 'Split bill',
        startDate: '2026-03-05',
        value: -10_000,
        splits: [
          { categoryId: budget.rentId, value: -6_000 },
          { categoryId: budget.foodId, value: -4_000 },
        ],
      }),
    )
    const url = `${budget.base}/transaction-templates/${template.id}/occurrences/2026-03-05/confirm`
    const count = await transactionCount()
    const refused = await api('POST', url, { value: -12_000 })
    expect(refused.status).toBe(422)
    expect(await transactionCount()).toBe(count)
    const confirmed = expectStatus(
      await api('POST', url, {
        value: -12_000,
        date: '2026-03-06',
        splits: [
          { categoryId: budget.rentId, value: -6_000 },
          { categoryId: budget.foodId, value: -6_000 },
        ],
      }),
      201,
    )
    expect(confirmed).toMatchObject({ date: '2026-03-06', value: -12_000, kind: 'Regular' })
  })

  it('confirms a transfer template as a transfer, answering its outflow side', async () => {
    const template = await create({
      bankAccountId: budget.checkingId,
      toBankAccountId: budget.savingsId,
      payee: 'Savings',
      value: -20_000,
      frequency: 'Weekly',
      startDate: '2026-03-09',
      splits: [],
    })
    const confirmed = expectStatus(
      await api('POST', `${budget.base}/transaction-templates/${template.id}/occurrences/2026-03-09/confirm`),
      201,
    )
    expect(confirmed).toMatchObject({ bankAccountId: budget.checkingId, value: -20_000, date: '2026-03-09' })
    expect(confirmed.transferId).toEqual(expect.any(String))
  })

  it('edits and deletes a template', async () => {
    const template = await create(rent({ payee: 'Old name', startDate: '2026-04-01' }))
    const edited = expectStatus(
      await api('PATCH', `${budget.base}/transaction-templates/${template.id}`, {
        payee: 'New name',
        interval: 2,
      }),
      200,
    )
    expect(edited).toMatchObject({ id: template.id, payee: 'New name', interval: 2 })
    expect(
      expectStatus(await api('DELETE', `${budget.base}/transaction-templates/${template.id}`), 200),
    ).toEqual({ deleted: true })
    const listed = expectStatus(await api('GET', `${budget.base}/transaction-templates`), 200)
    expect(listed.map((row: { id: string }) => row.id)).not.toContain(template.id)
    expect(
      (
        await api(
          'GET',
          `${budget.base}/transaction-templates/${template.id}/occurrences?from=2026-04-01&to=2026-04-30`,
        )
      ).status,
    ).toBe(404)
  })

  it('completes a due draft by an entered transaction that matches it; confirming it then answers that one', async () => {
    const template = await create(
      rent({ payee: 'Internet', value: -9_900, startDate: '2026-03-12', splits: [] }),
    )
    const entered = expectStatus(
      await api('POST', `${budget.base}/transactions`, {
        bankAccountId: budget.checkingId,
        date: '2026-03-13',
        payee: 'Orange',
        value: -9_900,
        splits: [],
      }),
      201,
    )
    expect(await occurrences(template.id, '2026-03-12', '2026-03-12')).toEqual([
      { date: '2026-03-12', status: 'Completed' },
    ])
    const count = await transactionCount()
    const again = await api(
      'POST',
      `${budget.base}/transaction-templates/${template.id}/occurrences/2026-03-12/confirm`,
    )
    expect(again.status).toBe(200)
    expect(again.body).toEqual(entered)
    expect(await transactionCount()).toBe(count)
  })

  it('answers a retried confirmation (same Idempotency-Key) with the first answer', async () => {
    const template = await create(rent({ payee: 'Retried', startDate: '2026-03-11' }))
    const url = `${budget.base}/transaction-templates/${template.id}/occurrences/2026-03-11/confirm`
    const first = await api('POST', url, {}, { 'idempotency-key': `confirm-${template.id}` })
    const retry = await api('POST', url, {}, { 'idempotency-key': `confirm-${template.id}` })
    expect(first.status).toBe(201)
    expect(retry.status).toBe(201)
    expect(retry.body).toEqual(first.body)
  })

  it('takes today in Europe/Warsaw: just after its midnight, a week ahead is a day later than in UTC', async () => {
    const template = await create(rent({ payee: 'Midnight', startDate: '2026-03-15' }))
    Object.assign(harness.app.ledger, { clock: () => new Date('2026-03-07T23:30:00Z') })
    try {
      expect(await occurrences(template.id, '2026-03-15', '2026-03-15')).toEqual([
        { date: '2026-03-15', status: 'Draft' },
      ])
      Object.assign(harness.app.ledger, { clock: () => new Date('2026-03-07T22:30:00Z') })
      expect(await occurrences(template.id, '2026-03-15', '2026-03-15')).toEqual([
        { date: '2026-03-15', status: 'Upcoming' },
      ])
    } finally {
      Object.assign(harness.app.ledger, { clock: () => now })
    }
  })

  it("takes today in the user's own time zone once they choose one in the notification settings", async () => {
    const template = await create(rent({ payee: 'New York', startDate: '2026-03-15' }))
    const settings = expectStatus(await api('GET', '/api/notification-settings'), 200)
    // 03:30 UTC on 8 March: Warsaw's 8th (a week ahead reaches the 15th), New York's evening of the 7th.
    Object.assign(harness.app.ledger, { clock: () => new Date('2026-03-08T03:30:00Z') })
    try {
      expect(await occurrences(template.id, '2026-03-15', '2026-03-15')).toEqual([
        { date: '2026-03-15', status: 'Draft' },
      ])
      expectStatus(
        await api('PUT', '/api/notification-settings', { ...settings, timeZone: 'America/New_York' }),
        200,
      )
      expect(await occurrences(template.id, '2026-03-15', '2026-03-15')).toEqual([
        { date: '2026-03-15', status: 'Upcoming' },
      ])
    } finally {
      expectStatus(await api('PUT', '/api/notification-settings', settings), 200)
      Object.assign(harness.app.ledger, { clock: () => now })
    }
  })

  it('lists every due draft however old without `from`, up to today + the horizon without `to`', async () => {
    const template = await create(rent({ payee: 'Old weekly', frequency: 'Weekly', startDate: '2025-12-01' }))
    const drafts = expectStatus(await api('GET', `${budget.base}/drafts`), 200)
    const mine = drafts.filter((row: { templateId: string }) => row.templateId === template.id)
    expect(mine[0]).toMatchObject({ date: '2025-12-01', status: 'Draft' })
    expect(mine.at(-1)).toMatchObject({ date: '2026-03-16', status: 'Draft' })
    expect(mine.every((row: { status: string }) => row.status === 'Draft')).toBe(true)
    expect((await api('GET', `${budget.base}/drafts?from=2026-04-01&to=2026-03-01`)).status).toBe(400)
  })

  it('answers the same occurrences and drafts from the read models as from the cached summary', async () => {
    const template = await create(rent({ payee: 'Cached', startDate: '2026-02-20' }))
    expectStatus(
      await api('POST', `${budget.base}/transaction-templates/${template.id}/occurrences/2026-02-20/confirm`),
      201,
    )
    expectStatus(
      await api('POST', `${budget.base}/transaction-templates/${template.id}/occurrences/2026-03-20/skip`),
      200,
    )
    const listed = async () => ({
      occurrences: await occurrences(template.id, '2026-01-01', '2026-06-30'),
      drafts: expectStatus(await api('GET', `${budget.base}/drafts?from=2026-01-01&to=2026-06-30`), 200),
    })
    const warm = await listed()
    expect(warm.occurrences.map((row: { status: string }) => row.status)).toEqual([
      'Completed',
      'Skipped',
      'Upcoming',
      'Upcoming',
      'Upcoming',
    ])
    harness.app.ledger.cache.drop(budget.id)
    expect(await listed()).toEqual(warm)
  })

  it('refuses bad occurrence ranges', async () => {
    const template = await create(rent({ payee: 'Ranges' }))
    const ask = (query: string) =>
      api('GET', `${budget.base}/transaction-templates/${template.id}/occurrences?${query}`)
    expect((await ask('from=2026-05-01&to=2026-04-01')).status).toBe(400)
    expect((await ask('from=2000-01-01&to=2026-04-01')).status).toBe(400)
    expect((await ask('from=2026-02-31&to=2026-04-01')).status).toBe(400)
    expect((await ask('to=2026-04-01')).status).toBe(400)
    expect((await ask('from=2016-04-03&to=2026-04-01')).status).toBe(200)
  })

  it('refuses bad templates with a clear problem and writes nothing (§4)', async () => {
    const closedId = expectStatus(
      await api('POST', `${budget.base}/bank-accounts`, {
        name: 'Old',
        type: 'unconnected',
        balance: 0,
        date: '2025-03-01',
      }),
      201,
    ).id as string
    expectStatus(await api('POST', `${budget.base}/bank-accounts/${closedId}/close`), 200)
    const version = await versionOf(api, budget.base)
    const templates = expectStatus(await api('GET', `${budget.base}/transaction-templates`), 200)
    const cases: [Record<string, unknown>, number, string][] = [
      [rent({ interval: 0 }), 400, 'validation_failed'],
      [rent({ endDate: '2026-03-01' }), 422, 'template-ends-before-start'],
      [rent({ startDate: '2026-02-31' }), 400, 'validation_failed'],
      [rent({ frequency: 'Fortnightly' }), 400, 'validation_failed'],
      [
        rent({
          splits: [
            { categoryId: budget.rentId, value: -100_000 },
            { categoryId: budget.foodId, value: -40_000 },
          ],
        }),
        422,
        'splits-do-not-sum-to-value',
      ],
      [rent({ bankAccountId: closedId }), 422, ''],
    ]
    for (const [body, status, code] of cases) {
      const answer = await api('POST', `${budget.base}/transaction-templates`, body)
      expect(answer.status, JSON.stringify(body)).toBe(status)
      expect(answer.headers['content-type']).toContain('application/problem+json')
      if (code !== '') expect(answer.body.code).toBe(code)
      else expect(answer.body.code).toEqual(expect.any(String))
    }
    expect(await versionOf(api, budget.base)).toBe(version)
    expect(expectStatus(await api('GET', `${budget.base}/transaction-templates`), 200)).toEqual(templates)
  })

  it("answers 404 for another user's budget and writes nothing", async () => {
    const template = await create(rent({ payee: 'Private' }))
    const bob = await harness.as('bob')
    const version = await versionOf(api, budget.base)
    const paths: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?][] = [
      ['GET', `${budget.base}/transaction-templates`],
      ['GET', `${budget.base}/transaction-template-splits`],
      ['GET', `${budget.base}/drafts`],
      [
        'GET',
        `${budget.base}/transaction-templates/${template.id}/occurrences?from=2026-03-01&to=2026-03-31`,
      ],
      ['POST', `${budget.base}/transaction-templates`, rent()],
      ['PATCH', `${budget.base}/transaction-templates/${template.id}`, { payee: 'Mine' }],
      ['DELETE', `${budget.base}/transaction-templates/${template.id}`],
      ['POST', `${budget.base}/transaction-templates/${template.id}/occurrences/2026-03-15/confirm`],
      ['POST', `${budget.base}/transaction-templates/${template.id}/occurrences/2026-03-15/skip`],
      ['POST', `${budget.base}/transaction-templates/${template.id}/skip-through`, { date: '2026-03-31' }],
    ]
    for (const [method, path, body] of paths) {
      const answer = await bob(method, path, body)
      expect(answer.status, `${method} ${path}`).toBe(404)
      expect(JSON.stringify(answer.body)).not.toContain('Private')
    }
    expect(await versionOf(api, budget.base)).toBe(version)
  })
})
