import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPersonalToken } from '../../server/identity/personalTokens.ts'
import { createLocalUser } from '../../server/identity/users.ts'
import { createBrowser, registerAndSignIn } from './identity/support.ts'
import { type Call, expectStatus } from './ledger/harness.ts'
import { createTestApp } from './support/app.ts'
import { databases, type TestDatabase } from './support/databases.ts'
import {
  type ApiDescription,
  checkProblem,
  fillPath,
  loadApi,
  type Operation,
  pathParameterNames,
  validValue,
} from './support/openapi.ts'
import { buildWorld, callerWith, type World } from './support/world.ts'

/**
 * A second user reaching the first user's budget and objects through every operation the OpenAPI document lists.
 * Generated from the document, so a new route is covered (or, with a path parameter this file cannot fill, fails).
 */
describe.each(databases())('cross-tenant matrix on $kind', (target) => {
  let app: FastifyInstance
  let database: TestDatabase
  let api: ApiDescription
  let owner: Call
  let alice: World
  let bob: World
  let bobAuthorization: string
  /** Every /api route the app registers, `GET /api/budget/{budgetId}`, documented or not. */
  const registered = new Set<string>()

  beforeAll(async () => {
    database = await target.create()
    app = createTestApp(database)
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method]
      for (const method of methods)
        if (route.url.startsWith('/api/') && method !== 'HEAD')
          registered.add(`${method} ${route.url.replace(/:(\w+)/gu, '{$1}')}`)
    })
    await app.ready()
    api = await loadApi(app)
    const account = await createLocalUser(app.identity.db, 'alice@example.com', 'unused-password-hash')
    if (!account.created) throw new Error('alice exists')
    owner = callerWith(
      app,
      `Bearer ${(await createPersonalToken(app.identity.db, account.user.id, 'alice')).token}`,
    )
    alice = await buildWorld(owner)
    // Bob signs in as the web app does: token management refuses personal tokens, so his must be a session's.
    const { tokens } = await registerAndSignIn(
      createBrowser(app),
      'bob@example.com',
      'a long enough password',
    )
    bobAuthorization = `Bearer ${tokens.access_token}`
    bob = await buildWorld(callerWith(app, bobAuthorization))
  }, 120_000)
  afterAll(async () => {
    await app?.close()
    await database?.dispose()
  })

  /**
   * An invitation link's secret is a bearer credential by design: whoever holds it may see and join the budget
   * (docs/sharing.md). Not an id to isolate; tests/server/sharing/invitations.test.ts covers it.
   */
  const bySecret = (operation: Operation) => pathParameterNames(operation.path).includes('token')
  const addressed = (operation: Operation) =>
    pathParameterNames(operation.path).length > 0 && !bySecret(operation)

  /** Alice's view of her budget, which nothing Bob does may change. */
  const snapshot = async () => {
    const base = `/api/budget/${alice.budgetId}`
    return {
      state: expectStatus(await owner('GET', `${base}/state`), 200),
      events: expectStatus(await owner('GET', `${base}/events`), 200),
      month: expectStatus(await owner('GET', `${base}/period/202503`), 200),
      tokens: expectStatus(await owner('GET', '/api/tokens'), 200),
      budgets: expectStatus(await owner('GET', '/api/budget'), 200),
    }
  }

  /** A request body and query the schema accepts, its ids and dates drawn from `world` (fixed seed: repeatable). */
  const inputs = (operation: Operation, world: World) => {
    const hints = { ids: world.ids }
    const query = new URLSearchParams()
    for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
      const [value] = fc.sample(validValue(api, hints, parameter.schema, parameter.name), {
        seed: 26,
        numRuns: 1,
      })
      if (value !== undefined) query.set(parameter.name, String(value))
    }
    const body =
      operation.body === undefined
        ? undefined
        : fc.sample(validValue(api, hints, operation.body), { seed: 26, numRuns: 1 })[0]
    return { query: query.toString(), body }
  }

  const send = (operation: Operation, url: string, query: string, body: unknown) =>
    app.inject({
      method: operation.method,
      url: query === '' ? url : `${url}?${query}`,
      headers: {
        authorization: bobAuthorization,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    })

  /** Alice's names and any of her ids the request itself did not carry. */
  const leaks = (response: LightMyRequestResponse, request: string): string[] => {
    const text = `${JSON.stringify(response.headers)}\n${response.body}`
    const found = text.includes(alice.marker) ? [alice.marker] : []
    for (const id of Object.values(alice.ids).flat())
      if (text.includes(id) && !request.includes(id) && !request.includes(encodeURIComponent(id)))
        found.push(id)
    return found
  }

  const codeOf = (response: LightMyRequestResponse) => {
    try {
      return (JSON.parse(response.body) as { code?: string }).code
    } catch {
      return undefined
    }
  }

  const outcome = (operation: Operation, response: LightMyRequestResponse, request: string) => ({
    status: response.statusCode,
    problem: response.statusCode >= 400 ? (checkProblem(response).why ?? 'ok') : 'not a refusal',
    code: response.statusCode >= 400 ? codeOf(response) : undefined,
    etag: response.headers.etag,
    leaks: leaks(response, request),
    operation: `${operation.method} ${operation.path}`,
  })

  it("every operation that addresses an object answers 404 for Alice's budget and ids, leaking nothing", async () => {
    const before = await snapshot()
    const operations = api.operations.filter(addressed)
    expect(operations.length).toBeGreaterThan(40)
    const results = []
    for (const operation of operations) {
      for (const name of pathParameterNames(operation.path))
        expect(
          alice.pathValues,
          `${operation.operationId} has {${name}}: give it a value in World`,
        ).toHaveProperty(name)
      const url = fillPath(operation.path, alice.pathValues)
      const { query, body } = inputs(operation, alice)
      const response = await send(operation, url, query, body)
      results.push(outcome(operation, response, `${url}?${query} ${JSON.stringify(body)}`))
    }
    const expected = results.map((result) => ({
      ...result,
      status: 404,
      problem: 'ok',
      code: 'not_found',
      etag: undefined,
      leaks: [],
    }))
    expect(results).toEqual(expected)
    expect(await snapshot()).toEqual(before)
  })

  it("every operation under Bob's own budget answers for Alice's object ids as for ids nobody has", async () => {
    const before = await snapshot()
    const operations = api.operations.filter(
      (operation) =>
        !bySecret(operation) &&
        pathParameterNames(operation.path).some((name) => !['budgetId', 'periodKey'].includes(name)),
    )
    expect(operations.length).toBeGreaterThan(10)
    // Ids nobody has; a date (an occurrence's) is not an id and stays.
    const nobodys = Object.fromEntries(
      Object.entries(alice.pathValues).map(([name, value]) => [name, name === 'date' ? value : randomUUID()]),
    )
    const results = []
    for (const operation of operations) {
      const { query, body } = inputs(operation, alice)
      const answer = async (values: Record<string, string>) => {
        const url = fillPath(operation.path, { ...values, budgetId: bob.budgetId, periodKey: '202503' })
        const response = await send(operation, url, query, body)
        return outcome(operation, response, `${url}?${query} ${JSON.stringify(body)}`)
      }
      // Nobody's ids first: an operation that creates what it does not find must not then find Alice's.
      // The versions in ETags differ between the two when both write; nothing else may.
      const { etag: _controlVersion, ...control } = await answer(nobodys)
      const { etag: _probeVersion, ...probe } = await answer(alice.pathValues)
      results.push({ probe, control })
    }
    expect(results).toEqual(
      results.map(({ control }) => ({
        probe: { ...control, leaks: [] },
        control: { ...control, problem: control.status >= 400 ? 'ok' : 'not a refusal' },
      })),
    )
    expect(await snapshot()).toEqual(before)
  })

  it("no operation on Bob's own budget or account reaches Alice's objects named in its body or query", async () => {
    const before = await snapshot()
    const results = []
    let referencing = 0
    for (const operation of api.operations) {
      const { query, body } = inputs(operation, alice)
      const request = `${query} ${JSON.stringify(body)}`
      // Only requests that name one of Alice's objects; the others are no test of isolation.
      if (
        !Object.values(alice.ids)
          .flat()
          .some((id) => request.includes(id))
      )
        continue
      referencing += 1
      const url = fillPath(operation.path, { ...bob.pathValues })
      const response = await send(operation, url, query, body)
      const result = outcome(operation, response, `${url}?${request}`)
      results.push({ operation: result.operation, server: result.status >= 500, leaks: result.leaks })
    }
    expect(referencing).toBeGreaterThan(10)
    expect(results).toEqual(results.map((result) => ({ ...result, server: false, leaks: [] })))
    expect(await snapshot()).toEqual(before)
  })
  /** Routes outside the document (raw Fastify routes), each probed by hand below. */
  const undocumented = ['GET /api/budget/{budgetId}/events/stream']

  it('knows every /api route the app serves: the document lists it, or this file probes it by hand', () => {
    const documented = new Set(api.operations.map((operation) => `${operation.method} ${operation.path}`))
    expect([...registered].filter((route) => !documented.has(route)).sort()).toEqual(undocumented)
  })

  it("refuses Alice's live event stream to Bob with 404, leaking nothing", async () => {
    const url = `/api/budget/${alice.budgetId}/events/stream`
    // A stream that opened would never end: give up after 5 s rather than hang.
    const response = await Promise.race([
      app.inject({ method: 'GET', url, headers: { authorization: bobAuthorization } }),
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 5_000)),
    ])
    if (response === undefined) throw new Error(`${url} opened a stream for Bob`)
    expect(
      outcome(
        { operationId: 'liveStream', method: 'GET', path: url, parameters: [], body: undefined },
        response,
        url,
      ),
    ).toMatchObject({
      status: 404,
      problem: 'ok',
      code: 'not_found',
      etag: undefined,
      leaks: [],
    })
  })
})
