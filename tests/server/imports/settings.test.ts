import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../../../server/identity/passwords.ts'
import { createPersonalToken } from '../../../server/identity/personalTokens.ts'
import { createLocalUser } from '../../../server/identity/users.ts'
import { loadImportSettings } from '../../../server/imports/settings.ts'
import { type SmallBudget, smallBudget } from '../ledger/fixtures.ts'
import { type Answer, type Call, expectStatus, type Harness, startHarness } from '../ledger/harness.ts'
import { databases } from '../support/databases.ts'

// A budget's payee rules and import presets (issue 28 §1, §2; docs/decisions/0017), through the real app on a real
// database with signed-in users.

const rule = (id: string, text: string, fields: Record<string, unknown> = {}) => ({
  id,
  match: 'contains',
  text,
  rename: null,
  categoryId: null,
  ...fields,
})

const csvMapping = {
  delimiter: ';',
  skipLines: 2,
  hasHeader: true,
  date: 0,
  dateOrder: 'dmy',
  amount: 3,
  payee: 1,
  memo: 2,
  decimalSeparator: ',',
  invertSign: false,
}

/** The field paths a 400 answer names. */
const fieldsOf = (answer: Answer) => {
  expect(answer.status).toBe(400)
  expect(answer.body.code).toBe('validation_failed')
  return (answer.body.errors as { path: string }[]).map((error) => error.path)
}

describe.each(databases())('payee rules and import presets on $kind', (target) => {
  let harness: Harness
  let alice: Call
  let mallory: Call
  let budget: SmallBudget

  beforeAll(async () => {
    harness = await startHarness(target)
    alice = await harness.as('alice')
    mallory = await harness.as('mallory')
    budget = await smallBudget(alice, 'Domowy')
  }, 120_000)
  afterAll(async () => harness?.close())

  describe('payee rules', () => {
    it('are none in a new budget', async () => {
      expect(expectStatus(await alice('GET', `${budget.base}/payee-rules`), 200)).toEqual([])
    })

    it('given a list, stores it in its order and answers it as stored', async () => {
      const rules = [
        rule('r1', 'ŻABKA', { rename: 'Żabka', categoryId: budget.foodId }),
        rule('r2', 'PKO BP', { match: 'equals', rename: 'Bank' }),
        rule('r3', 'czynsz', { categoryId: budget.rentId }),
      ]
      const saved = expectStatus(await alice('PUT', `${budget.base}/payee-rules`, { rules }), 200)
      expect(saved).toEqual(rules)
      expect(expectStatus(await alice('GET', `${budget.base}/payee-rules`), 200)).toEqual(rules)
    })

    it('replaces the whole list: reordered, shortened, emptied', async () => {
      const reordered = [rule('r3', 'czynsz', { categoryId: budget.rentId }), rule('r1', 'ŻABKA')]
      expectStatus(await alice('PUT', `${budget.base}/payee-rules`, { rules: reordered }), 200)
      expect(expectStatus(await alice('GET', `${budget.base}/payee-rules`), 200)).toEqual(reordered)
      expect(expectStatus(await alice('PUT', `${budget.base}/payee-rules`, { rules: [] }), 200)).toEqual([])
      expect(expectStatus(await alice('GET', `${budget.base}/payee-rules`), 200)).toEqual([])
    })

    it('refuses invalid rules with 400, naming each field, and keeps the list it had', async () => {
      const kept = [rule('k1', 'Orlen')]
      expectStatus(await alice('PUT', `${budget.base}/payee-rules`, { rules: kept }), 200)

      expect(
        fieldsOf(
          await alice('PUT', `${budget.base}/payee-rules`, {
            rules: [
              rule('a', '   '),
              rule('b', 'x', { match: 'starts' }),
              rule('', 'y'),
              rule('c', 'two\nlines'),
              rule('d', 'z', { rename: '' }),
            ],
          }),
        ),
      ).toEqual([
        '/body/rules/0/text',
        '/body/rules/1/match',
        '/body/rules/2/id',
        '/body/rules/3/text',
        '/body/rules/4/rename',
      ])
      expect(fieldsOf(await alice('PUT', `${budget.base}/payee-rules`, {}))).toEqual(['/body/rules'])
      expect(
        fieldsOf(
          await alice('PUT', `${budget.base}/payee-rules`, {
            rules: [rule('same', 'a'), rule('other', 'b'), rule('same', 'c')],
          }),
        ),
      ).toEqual(['/body/rules/2/id'])
      const tooMany = Array.from({ length: 501 }, (_, index) => rule(`r${index}`, `sklep ${index}`))
      expect(fieldsOf(await alice('PUT', `${budget.base}/payee-rules`, { rules: tooMany }))).toEqual([
        '/body/rules',
      ])
      expect(expectStatus(await alice('GET', `${budget.base}/payee-rules`), 200)).toEqual(kept)
    })

    it('keeps 500 rules of the longest texts', async () => {
      const long = (index: number) => `${'Ż'.repeat(196)}${String(index).padStart(4, '0')}`
      const rules = Array.from({ length: 500 }, (_, index) =>
        rule(`${'i'.repeat(60)}${String(index).padStart(4, '0')}`, long(index), {
          rename: long(index),
          categoryId: budget.foodId,
        }),
      )
      const saved = expectStatus(await alice('PUT', `${budget.base}/payee-rules`, { rules }), 200)
      expect(saved).toHaveLength(500)
      expect(saved[499]).toEqual(rules[499])
    })

    it('refuses a rule naming a category the budget does not have (422 category-not-found), writing nothing', async () => {
      const kept = [rule('k1', 'Orlen')]
      expectStatus(await alice('PUT', `${budget.base}/payee-rules`, { rules: kept }), 200)
      const other = await smallBudget(alice, 'Drugi')
      const refused = await alice('PUT', `${budget.base}/payee-rules`, {
        rules: [
          rule('a', 'Lidl', { categoryId: budget.foodId }),
          rule('b', 'Biedronka', { categoryId: other.foodId }),
        ],
      })
      expect(refused.status).toBe(422)
      expect(refused.body).toMatchObject({
        code: 'category-not-found',
        categoryId: other.foodId,
        itemIndex: 1,
      })
      expect(expectStatus(await alice('GET', `${budget.base}/payee-rules`), 200)).toEqual(kept)
    })

    it('reads a rule whose category was deleted since without a category', async () => {
      const doomed = expectStatus(
        await alice('POST', `${budget.base}/categories`, {
          categoryGroupId: budget.groupId,
          name: 'Kino',
          type: 'Expense',
        }),
        201,
      ).id
      expectStatus(
        await alice('PUT', `${budget.base}/payee-rules`, {
          rules: [rule('m', 'Helios', { rename: 'Kino Helios', categoryId: doomed })],
        }),
        200,
      )
      expectStatus(
        await alice('DELETE', `${budget.base}/categories/${doomed}?moveToCategoryId=${budget.foodId}`),
        200,
      )
      expect(expectStatus(await alice('GET', `${budget.base}/payee-rules`), 200)).toEqual([
        rule('m', 'Helios', { rename: 'Kino Helios' }),
      ])
    })

    it('queues concurrent replacements: each succeeds and one of them is the list kept', async () => {
      const lists = Array.from({ length: 6 }, (_, n) =>
        Array.from({ length: 20 }, (_, index) => rule(`shared-${index}`, `sklep ${n}-${index}`)),
      )
      const answers = await Promise.all(
        lists.map((rules) => alice('PUT', `${budget.base}/payee-rules`, { rules })),
      )
      for (const answer of answers) expect(answer.status).toBe(200)
      const kept = expectStatus(await alice('GET', `${budget.base}/payee-rules`), 200)
      expect(lists).toContainEqual(kept)
    })
  })

  describe('import presets', () => {
    it('are none in a new budget', async () => {
      const fresh = await smallBudget(alice, 'Bez presetów')
      expect(expectStatus(await alice('GET', `${fresh.base}/import-presets`), 200)).toEqual([])
    })

    it('given a preset, stores it by id; another id adds one; the list comes by name', async () => {
      const mine = { name: 'Moja kasa (CSV)', format: 'csv', encoding: 'windows-1250', mapping: csvMapping }
      const mbank = { name: 'mBank', format: 'mbank', encoding: null, mapping: null }
      expect(expectStatus(await alice('PUT', `${budget.base}/import-presets/p1`, mine), 200)).toEqual({
        id: 'p1',
        ...mine,
      })
      expectStatus(await alice('PUT', `${budget.base}/import-presets/p2`, mbank), 200)
      expect(expectStatus(await alice('GET', `${budget.base}/import-presets`), 200)).toEqual([
        { id: 'p2', ...mbank },
        { id: 'p1', ...mine },
      ])
    })

    it('replaces a preset saved again under its id', async () => {
      const renamed = { name: 'Alior', format: 'alior', encoding: 'iso-8859-2', mapping: null }
      expect(expectStatus(await alice('PUT', `${budget.base}/import-presets/p1`, renamed), 200)).toEqual({
        id: 'p1',
        ...renamed,
      })
      const listed = expectStatus(await alice('GET', `${budget.base}/import-presets`), 200)
      expect(listed.map((preset: { id: string }) => preset.id)).toEqual(['p1', 'p2'])
    })

    it('refuses a mapping that does not fit the format, and invalid fields, with 400', async () => {
      const url = `${budget.base}/import-presets/bad`
      expect(
        fieldsOf(await alice('PUT', url, { name: 'CSV', format: 'csv', encoding: null, mapping: null })),
      ).toEqual(['/body/mapping'])
      expect(
        fieldsOf(
          await alice('PUT', url, { name: 'mBank', format: 'mbank', encoding: null, mapping: csvMapping }),
        ),
      ).toEqual(['/body/mapping'])
      const { amount: _amount, ...noAmount } = csvMapping
      expect(
        fieldsOf(await alice('PUT', url, { name: 'CSV', format: 'csv', encoding: null, mapping: noAmount })),
      ).toEqual(['/body/mapping/amount'])
      expect(
        fieldsOf(
          await alice('PUT', url, {
            name: '',
            format: 'xls',
            encoding: 'latin1',
            mapping: { ...csvMapping, delimiter: '#', date: -1 },
          }),
        ),
      ).toEqual([
        '/body/name',
        '/body/format',
        '/body/encoding',
        // A mapping or null: the registrar names the union, not the fields inside it.
        '/body/mapping',
      ])
      const listed = expectStatus(await alice('GET', `${budget.base}/import-presets`), 200)
      expect(listed.map((preset: { id: string }) => preset.id)).toEqual(['p1', 'p2'])
    })

    it('deletes a preset, and answers 404 for one that is not there', async () => {
      expect(expectStatus(await alice('DELETE', `${budget.base}/import-presets/p2`), 200)).toEqual({
        deleted: true,
      })
      const again = await alice('DELETE', `${budget.base}/import-presets/p2`)
      expect(again.status).toBe(404)
      expect(again.body.code).toBe('not_found')
      const listed = expectStatus(await alice('GET', `${budget.base}/import-presets`), 200)
      expect(listed.map((preset: { id: string }) => preset.id)).toEqual(['p1'])
    })
  })

  it('gives an import the rules in order and the presets (loadImportSettings)', async () => {
    const rules = [rule('a', 'Lidl', { categoryId: budget.foodId }), rule('b', 'Orlen', { rename: 'Orlen' })]
    expectStatus(await alice('PUT', `${budget.base}/payee-rules`, { rules }), 200)
    const settings = await loadImportSettings(harness.app.ledger.db, budget.id)
    expect(settings.rules).toEqual(rules)
    expect(settings.presets).toEqual(expectStatus(await alice('GET', `${budget.base}/import-presets`), 200))
  })

  it("answers 404 to a stranger, for every route, and changes nothing of another's budget", async () => {
    const before = {
      rules: expectStatus(await alice('GET', `${budget.base}/payee-rules`), 200),
      presets: expectStatus(await alice('GET', `${budget.base}/import-presets`), 200),
    }
    const tries: [Parameters<Call>[0], string, unknown?][] = [
      ['GET', `${budget.base}/payee-rules`],
      ['PUT', `${budget.base}/payee-rules`, { rules: [rule('x', 'x')] }],
      ['GET', `${budget.base}/import-presets`],
      [
        'PUT',
        `${budget.base}/import-presets/p1`,
        { name: 'x', format: 'ing', encoding: null, mapping: null },
      ],
      ['DELETE', `${budget.base}/import-presets/p1`],
      ['GET', '/api/budget/no-such-budget/payee-rules'],
    ]
    for (const [method, url, body] of tries) {
      const answer = await mallory(method, url, body)
      expect(answer.status, `${method} ${url}`).toBe(404)
      expect(answer.body.code).toBe('not_found')
    }
    expect(expectStatus(await alice('GET', `${budget.base}/payee-rules`), 200)).toEqual(before.rules)
    expect(expectStatus(await alice('GET', `${budget.base}/import-presets`), 200)).toEqual(before.presets)
  })

  it('lets every member of a shared budget read and change them', async () => {
    const shared = await smallBudget(alice, 'Wspólny')
    const created = await createLocalUser(
      harness.app.identity.db,
      `guest-${target.kind}@example.com`,
      'unused-password-hash',
    )
    if (!created.created) throw new Error('guest exists')
    const guestId = created.user.id
    await harness.app.ledger.db
      .insertInto('budget_members')
      .values({ budget_id: shared.id, user_id: guestId, role: 'Guest' })
      .execute()
    const { token } = await createPersonalToken(harness.app.identity.db, guestId, 'guest')
    const guest: Call = async (method, url, body) => {
      const response = await harness.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { payload: body as object }),
      })
      return { status: response.statusCode, headers: response.headers, body: response.json() }
    }
    const rules = [rule('g', 'Rossmann', { categoryId: shared.foodId })]
    expect(expectStatus(await guest('PUT', `${shared.base}/payee-rules`, { rules }), 200)).toEqual(rules)
    expect(expectStatus(await alice('GET', `${shared.base}/payee-rules`), 200)).toEqual(rules)
  })

  it('answers 404 once the budget is deleted', async () => {
    const doomed = await smallBudget(alice, 'Do usunięcia')
    expectStatus(await alice('PUT', `${doomed.base}/payee-rules`, { rules: [rule('d', 'Lidl')] }), 200)
    expectStatus(await alice('DELETE', doomed.base), 200)
    expect((await alice('GET', `${doomed.base}/payee-rules`)).status).toBe(404)
    expect((await alice('PUT', `${doomed.base}/payee-rules`, { rules: [] })).status).toBe(404)
    expect((await alice('GET', `${doomed.base}/import-presets`)).status).toBe(404)
  })

  it('goes with the budget when its only member deletes the account', async () => {
    const { app } = harness
    const email = `leaving-settings-${target.kind}@example.com`
    const password = 'leaving koperta with my rules'
    const account = await createLocalUser(app.identity.db, email, await hashPassword(password))
    if (!account.created) throw new Error('user exists')
    const { token } = await createPersonalToken(app.identity.db, account.user.id, 'test')
    const leaving: Call = async (method, url, body) => {
      const response = await app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { payload: body as object }),
      })
      return { status: response.statusCode, headers: response.headers, body: response.json() }
    }
    const own = await smallBudget(leaving, 'Mój')
    expectStatus(
      await leaving('PUT', `${own.base}/payee-rules`, {
        rules: [rule('l', 'Lidl', { categoryId: own.foodId })],
      }),
      200,
    )
    expectStatus(
      await leaving('PUT', `${own.base}/import-presets/p`, {
        name: 'ING',
        format: 'ing',
        encoding: null,
        mapping: null,
      }),
      200,
    )
    const deleted = await app.inject({
      method: 'POST',
      url: '/Identity/Account/Delete',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email, password }).toString(),
    })
    expect(deleted.statusCode).toBe(303)
    expect(await loadImportSettings(app.ledger.db, own.id)).toEqual({ rules: [], presets: [] })
  })
})
