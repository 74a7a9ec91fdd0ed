import { writeFileSync } from 'node:fs'
import fc from 'fast-check'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPersonalToken } from '../../server/identity/personalTokens.ts'
import { createLocalUser } from '../../server/identity/users.ts'
import { createBrowser, registerAndSignIn } from './identity/support.ts'
import { createFakeDist, createTestApp } from './support/app.ts'
import { databases, type TestDatabase } from './support/databases.ts'
import {
  type ApiDescription,
  checkProblem,
  type JsonSchema,
  loadApi,
  type Operation,
  pathParameterNames,
  validValue,
  violations,
} from './support/openapi.ts'
import { buildWorld, callerWith, type World } from './support/world.ts'

/**
 * Malformed requests to every operation of GET /api/openapi.json: valid requests derived from the schemas, then
 * broken (wrong types, missing and extra fields, unsafe numbers, NUL and lone surrogates, overlong strings, bad
 * dates and periods, wrong content types, invalid JSON, oversized bodies, bad paths, queries and headers).
 * Every answer: no 5xx; ≥ 400 is a problem document; a refused write changes nothing.
 *
 * FUZZ_SEED replays a run (the seed is printed); FUZZ_RUNS sets the requests per database (at least 5 000 in CI);
 * FUZZ_REPORT=<file> writes every failure to <file>.<database>.json.
 */
const seed = Number(process.env.FUZZ_SEED ?? 20_261_126)
const runs = Number(process.env.FUZZ_RUNS ?? 5_000)

/** Stands for the world's ids in generated requests; replaced at send time, as the world is rebuilt. */
// `~` and `.` survive encodeURIComponent, so a placeholder is found in paths and queries as in bodies.
const placeholder = (kind: string, index: number) => `~~${kind}.${index}~~`
const placeholderIds: Record<string, string[]> = {
  budget: [placeholder('budget', 0)],
  categoryGroup: [placeholder('categoryGroup', 0)],
  category: [0, 1, 2].map((index) => placeholder('category', index)),
  bankAccount: [0, 1].map((index) => placeholder('bankAccount', index)),
  transaction: [0, 1, 2].map((index) => placeholder('transaction', index)),
  filter: [placeholder('filter', 0)],
  token: [placeholder('token', 0)],
  preset: [placeholder('preset', 0)],
  import: [placeholder('import', 0)],
  notification: [placeholder('notification', 0)],
  template: [placeholder('template', 0)],
  loan: [placeholder('loan', 0)],
  invitation: [placeholder('invitation', 0)],
  invitationToken: [placeholder('invitationToken', 0)],
  user: [placeholder('user', 0)],
}
const placeholderPath: Record<string, string> = {
  budgetId: placeholder('budget', 0),
  bankAccountId: placeholder('bankAccount', 0),
  categoryId: placeholder('category', 0),
  categoryGroupId: placeholder('categoryGroup', 0),
  transactionId: placeholder('transaction', 0),
  filterId: placeholder('filter', 0),
  tokenId: placeholder('token', 0),
  presetId: placeholder('preset', 0),
  importId: placeholder('import', 0),
  notificationId: placeholder('notification', 0),
  templateId: placeholder('template', 0),
  loanId: placeholder('loan', 0),
  invitationId: placeholder('invitation', 0),
  token: placeholder('invitationToken', 0),
  userId: placeholder('user', 0),
  date: '2025-04-15',
  periodKey: '202503',
}

const resolvePlaceholders = (text: string, world: World) =>
  text.replace(
    /~~(\w+)\.(\d+)~~/gu,
    (whole, kind: string, index: string) => world.ids[kind]?.[Number(index)] ?? whole,
  )

// Values that break types, limits and encodings.
const unsafeNumbers = [
  2 ** 53,
  -(2 ** 53),
  9_007_199_254_740_991,
  -9_007_199_254_740_991,
  1e21,
  1e308,
  -1e308,
  0.5,
  -0.000_001,
  10 ** 13 + 1,
  2 ** 31,
  -1,
  0,
]
const nastyStrings = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  'a\ud800b',
  '\udc00',
  'x'.repeat(129),
  'x'.repeat(1_001),
  'x'.repeat(20_000),
  '🙂'.repeat(300),
  '\u202e\u0085\t\r\n',
  '2025-02-30',
  '2025-13-01',
  '0000-00-00',
  '+275760-09-13',
  '2025-3-1',
  '20250301',
  '2025-03-01T00:00:00Z',
  '202513',
  '202500',
  '999912',
  '2025-03',
  '1e3',
  '0x10',
  'NaN',
  'Infinity',
  '-9007199254740993',
  'null',
  '__proto__',
  "'; drop table budgets; --",
  '../../etc/passwd',
  '%00',
]
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...unsafeNumbers) },
  { weight: 6, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { __proto__: null }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      Array.from({ length: 6_000 }, (_, index) => index),
      JSON.parse(`${'['.repeat(300)}${']'.repeat(300)}`),
    ),
  },
)

const invalidJson = [
  '{',
  '{"a":}',
  '[1,]',
  "{'name':1}",
  'NaN',
  '\u0000',
  '\ufeff{}',
  '{"a":1}{"b":2}',
  '{"value":1e400}',
  '{"value":123456789012345678901234567890}',
  '{"name":"\\ud800"}',
  '{"name":"a\\u0000b"}',
  '{"name":"a","name":1}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '',
  '   ',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  '"just a string"',
  'null',
  '12',
]
const contentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=iso-8859-1',
  'application/jsonx',
  'application/problem+json',
  'application/vnd.api+json',
  '*/*',
  'APPLICATION/JSON',
  'application/json, text/plain',
  ';;;',
]
const pathSegments = [
  '',
  '%20',
  '%00',
  'a%00b',
  '%ff',
  '%ED%A0%80',
  '%C0%AF',
  '%2F',
  '..',
  '.',
  'x'.repeat(101),
  'x'.repeat(129),
  'x'.repeat(3_000),
  '%F0%9F%99%82',
  '202513',
  '202500',
  '2025-03',
  '99999999',
  '-1',
  '1e3',
  '__proto__',
  'constructor',
]
const queryValues = [
  '%00',
  '%ff',
  'a%00b',
  '%ED%A0%80',
  'x'.repeat(129),
  'x'.repeat(10_000),
  '0',
  '-1',
  '0x10',
  '1e3',
  '1.5',
  '99999999999999999999',
  '2025-02-30',
  '202513',
  'abc',
  '',
  '2025-03-01%7Cx',
  // Cursors (`after`): a date, a bar, an id.
  '2025-02-30%7Cx',
  '2025-03-01%7C%00',
  '0000-00-00%7Cx',
  '9999-12-31%7C%ED%A0%80',
  `2025-03-01%7C${'x'.repeat(5_000)}`,
  '2025-03-01%7C%27%3B%20drop%20table%20transactions%3B--',
]
const ifMatches = [
  '"abc"',
  '"-1"',
  '"99999999999999999999"',
  'W/"1"',
  '*',
  '"1", "2"',
  '',
  '"0"',
  'x'.repeat(500),
]
const idempotencyKeys = ['', ' ', 'x'.repeat(101), 'fuzz-key-1', 'fuzz-key-2', 'a b']
const accepts = [
  'text/html',
  'application/xml',
  '*/*',
  'application/problem+json',
  'text/event-stream',
  'image/png',
]

type Body =
  | { readonly kind: 'none' }
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'raw'; readonly text: string }
  | { readonly kind: 'oversized'; readonly bytes: number }

interface Plan {
  readonly operation: Operation
  readonly path: Record<string, string>
  readonly query: [string, string][]
  readonly body: Body
  readonly headers: Record<string, string>
  readonly authorization: 'owner' | 'personal' | 'stranger' | 'none' | 'garbage'
  readonly mutations: string[]
}

type Mutation = (plan: Plan) => Plan

const withMutation = (plan: Plan, name: string, change: Partial<Plan>): Plan => ({
  ...plan,
  ...change,
  mutations: [...plan.mutations, name],
})

/** Paths to every value inside `value`: [] is the value itself. */
const pathsOf = (value: unknown, prefix: (string | number)[] = []): (string | number)[][] => {
  const here = [prefix]
  if (Array.isArray(value))
    return [...here, ...value.flatMap((item, index) => pathsOf(item, [...prefix, index]))]
  if (value !== null && typeof value === 'object')
    return [...here, ...Object.entries(value).flatMap(([key, inner]) => pathsOf(inner, [...prefix, key]))]
  return here
}

const setAt = (
  value: unknown,
  path: readonly (string | number)[],
  replacement: unknown,
  drop = false,
): unknown => {
  if (path.length === 0) return replacement
  const [head, ...rest] = path
  if (Array.isArray(value)) {
    const copy = [...value]
    if (drop && rest.length === 0) copy.splice(Number(head), 1)
    else copy[Number(head)] = setAt(copy[Number(head)], rest, replacement, drop)
    return copy
  }
  const record = { ...(value as Record<string, unknown>) }
  if (drop && rest.length === 0) delete record[String(head)]
  else record[String(head)] = setAt(record[String(head)], rest, replacement, drop)
  return record
}

const bodyMutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.tuple(fc.nat(), nastyValue).map(([pick, replacement]) => (plan: Plan) => {
    if (plan.body.kind !== 'json')
      return withMutation(plan, 'body:replace', { body: { kind: 'json', value: replacement } })
    const paths = pathsOf(plan.body.value)
    const path = paths[pick % paths.length] ?? []
    return withMutation(plan, `body:wrong-value`, {
      body: { kind: 'json', value: setAt(plan.body.value, path, replacement) },
    })
  }),
  fc.nat().map((pick) => (plan: Plan) => {
    if (plan.body.kind !== 'json') return plan
    const paths = pathsOf(plan.body.value).filter((path) => path.length > 0)
    const path = paths[pick % Math.max(paths.length, 1)]
    if (path === undefined) return plan
    return withMutation(plan, 'body:missing-field', {
      body: { kind: 'json', value: setAt(plan.body.value, path, undefined, true) },
    })
  }),
  fc
    .tuple(
      fc.oneof(fc.constantFrom('__proto__', 'constructor', 'extra', '_tag', 'id', ''), fc.string()),
      nastyValue,
    )
    .map(([key, extra]) => (plan: Plan) => {
      const base =
        plan.body.kind === 'json' && plan.body.value !== null && typeof plan.body.value === 'object'
      const value = base && plan.body.kind === 'json' ? plan.body.value : {}
      return withMutation(plan, 'body:extra-field', {
        body: { kind: 'json', value: Array.isArray(value) ? [...value, extra] : { ...value, [key]: extra } },
      })
    }),
  nastyValue.map(
    (value) => (plan: Plan) => withMutation(plan, 'body:not-an-object', { body: { kind: 'json', value } }),
  ),
  fc
    .oneof(fc.constantFrom(...invalidJson), fc.string({ unit: 'binary', maxLength: 40 }))
    .map((text) => (plan: Plan) => withMutation(plan, 'body:invalid-json', { body: { kind: 'raw', text } })),
  fc
    .constantFrom(300_000, 1_100_000)
    .map(
      (bytes) => (plan: Plan) => withMutation(plan, 'body:oversized', { body: { kind: 'oversized', bytes } }),
    ),
)

const requestMutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc
    .constantFrom(...contentTypes)
    .map(
      (type) => (plan: Plan) =>
        withMutation(plan, 'header:content-type', { headers: { ...plan.headers, 'content-type': type } }),
    ),
  fc.constant((plan: Plan) =>
    withMutation(plan, 'header:no-content-type', { headers: { ...plan.headers, 'content-type': '' } }),
  ),
  fc.tuple(fc.nat(), fc.constantFrom(...pathSegments)).map(([pick, segment]) => (plan: Plan) => {
    const names = pathParameterNames(plan.operation.path)
    const name = names[pick % Math.max(names.length, 1)]
    if (name === undefined) return plan
    return withMutation(plan, `path:${name}`, { path: { ...plan.path, [name]: segment } })
  }),
  fc.tuple(fc.nat(), fc.constantFrom(...queryValues)).map(([pick, value]) => (plan: Plan) => {
    const names = plan.operation.parameters.filter((p) => p.in === 'query').map((p) => p.name)
    const name = names[pick % Math.max(names.length, 1)] ?? 'unknown'
    return withMutation(plan, `query:${name}`, {
      query: [...plan.query.filter(([key]) => key !== name), [name, value]],
    })
  }),
  fc.nat().map((pick) => (plan: Plan) => {
    const names = plan.operation.parameters.filter((p) => p.in === 'query').map((p) => p.name)
    const name = names[pick % Math.max(names.length, 1)] ?? 'limit'
    return withMutation(plan, 'query:repeated', { query: [...plan.query, [name, '1'], [name, '2']] })
  }),
  fc
    .constantFrom('__proto__', 'constructor', 'limit[]', 'limit[a]', 'x', '')
    .map(
      (name) => (plan: Plan) => withMutation(plan, 'query:unknown', { query: [...plan.query, [name, '1']] }),
    ),
  fc.constant((plan: Plan) =>
    withMutation(plan, 'query:missing', { query: plan.query.filter((_, index) => index !== 0) }),
  ),
  fc
    .constantFrom(...ifMatches)
    .map(
      (value) => (plan: Plan) =>
        withMutation(plan, 'header:if-match', { headers: { ...plan.headers, 'if-match': value } }),
    ),
  fc.constantFrom(...idempotencyKeys).map(
    (value) => (plan: Plan) =>
      withMutation(plan, 'header:idempotency-key', {
        headers: { ...plan.headers, 'idempotency-key': value },
      }),
  ),
  fc
    .constantFrom(...accepts)
    .map(
      (value) => (plan: Plan) =>
        withMutation(plan, 'header:accept', { headers: { ...plan.headers, accept: value } }),
    ),
  fc.constantFrom('0', '3', '99999999', '-1', 'abc').map(
    (value) => (plan: Plan) =>
      withMutation(plan, 'header:content-length', {
        headers: { ...plan.headers, 'content-length': value },
      }),
  ),
  fc.constantFrom('gzip', 'br', 'deflate', 'identity, gzip', 'x').map(
    (value) => (plan: Plan) =>
      withMutation(plan, 'header:content-encoding', {
        headers: { ...plan.headers, 'content-encoding': value },
      }),
  ),
  fc
    .constantFrom<Plan['authorization']>('personal', 'stranger', 'none', 'garbage')
    .map((authorization) => (plan: Plan) => withMutation(plan, `auth:${authorization}`, { authorization })),
)

const mutation = fc.oneof({ weight: 3, arbitrary: bodyMutation }, { weight: 4, arbitrary: requestMutation })

/** A request `operation` accepts, with the world's ids as placeholders. */
const validPlan = (api: ApiDescription, operation: Operation): fc.Arbitrary<Plan> => {
  const hints = { ids: placeholderIds }
  const queryParameters = operation.parameters.filter((p) => p.in === 'query')
  const query = fc.tuple(
    ...queryParameters.map((parameter) => {
      const value = validValue(api, hints, parameter.schema, parameter.name)
      return parameter.required ? value : fc.option(value, { nil: undefined })
    }),
  )
  const body =
    operation.body === undefined
      ? fc.constant<Body>({ kind: 'none' })
      : validValue(api, hints, operation.body as JsonSchema).map((value): Body => ({ kind: 'json', value }))
  return fc.tuple(query, body).map(([values, requestBody]) => ({
    operation,
    path: Object.fromEntries(
      pathParameterNames(operation.path).map((name) => [
        name,
        encodeURIComponent(placeholderPath[name] ?? name),
      ]),
    ),
    query: queryParameters.flatMap((parameter, index): [string, string][] =>
      values[index] === undefined ? [] : [[parameter.name, encodeURIComponent(String(values[index]))]],
    ),
    body: requestBody,
    headers: operation.body === undefined ? {} : { 'content-type': 'application/json' },
    authorization: 'owner',
    mutations: [],
  }))
}

const planOf = (api: ApiDescription): fc.Arbitrary<Plan> =>
  fc
    .constantFrom(...api.operations)
    .chain((operation) =>
      fc.tuple(
        validPlan(api, operation),
        // Some requests stay valid: boundary values in them break totals the server computes later.
        fc.oneof(
          { weight: 1, arbitrary: fc.constant([]) },
          { weight: 7, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }) },
        ),
      ),
    )
    .map(([plan, mutations]) => mutations.reduce((current, apply) => apply(current), plan))

interface Failure {
  readonly cause: string
  readonly request: string
  readonly answer: string
}

describe.each(databases())('fuzzing every operation on $kind', (target) => {
  let app: FastifyInstance
  let database: TestDatabase
  /** The error behind each 5xx, by request id, so a failure names its cause. */
  const errors = new Map<string, string>()
  let api: ApiDescription
  let world: World
  const authorizations: Record<Plan['authorization'], string | undefined> = {
    owner: undefined,
    personal: undefined,
    stranger: undefined,
    none: undefined,
    garbage: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
  }

  beforeAll(async () => {
    // A built web app, so that browser navigations (Accept: text/html) get the shell, not "app not built".
    database = await target.create()
    app = createTestApp(database, { staticDir: createFakeDist() })
    app.addHook('onError', async (request, _reply, error) => {
      const frame = error.stack
        ?.split('\n')
        .find((line) => line.includes('/server/') || line.includes('/domain/'))
      // Ids and amounts vary from one instance of a cause to the next.
      const message = error.message
        .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gu, '<id>')
        .replace(/-?\d{5,}/gu, '<n>')
        .replace(/\[\d+\]/gu, '[i]')
        .replace(/\s+/gu, ' ')
        .slice(0, 160)
      errors.set(request.id, `${message} @ ${frame?.trim().replace(/^at /u, '') ?? '?'}`)
    })
    await app.ready()
    api = await loadApi(app)
    // Signed in as the web app is, so token management is reachable too; a personal token and a stranger's as variants.
    const { tokens } = await registerAndSignIn(
      createBrowser(app),
      'fuzz@example.com',
      'a long enough password',
    )
    authorizations.owner = `Bearer ${tokens.access_token}`
    world = await buildWorld(callerWith(app, authorizations.owner))
    const personal = await callerWith(app, authorizations.owner)('POST', '/api/tokens', { name: 'fuzz' })
    authorizations.personal = `Bearer ${personal.body.token}`
    const stranger = await createLocalUser(app.identity.db, 'stranger@example.com', 'unused-password-hash')
    if (!stranger.created) throw new Error('stranger exists')
    authorizations.stranger = `Bearer ${(await createPersonalToken(app.identity.db, stranger.user.id, 'fuzz')).token}`
  }, 120_000)
  afterAll(async () => {
    await app?.close()
    await database?.dispose()
  })

  /** What a refused request must leave as it was: every store a request could write. */
  const fingerprint = async () => {
    const { rows } = await sql<Record<string, unknown>>`
      select (select count(*) from budget_events) as events,
        (select coalesce(sum(version), 0) from budgets) as versions,
        (select count(*) from budgets) as budgets,
        (select count(*) from budgets where deleted) as deleted,
        (select count(*) from budget_members) as members,
        (select count(*) from filters) as filters,
        (select count(*) from personal_access_tokens) as tokens,
        (select count(*) from analytics_events) as analytics,
        (select string_agg(coalesce(last_visit_at::text, '-'), ',' order by id) from users) as visits
    `.execute(app.ledger.db)
    return JSON.stringify(rows[0])
  }

  const requestOf = (plan: Plan): InjectOptions => {
    const path = plan.operation.path.replace(/\{(\w+)\}/gu, (_, name: string) => plan.path[name] ?? '')
    const query = plan.query.map(([key, value]) => `${encodeURIComponent(key)}=${value}`).join('&')
    const url = resolvePlaceholders(query === '' ? path : `${path}?${query}`, world)
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(plan.headers)) if (value !== '') headers[name] = value
    const authorization = authorizations[plan.authorization]
    if (authorization !== undefined) headers.authorization = authorization
    const payload =
      plan.body.kind === 'json'
        ? plan.body.value === undefined
          ? undefined
          : resolvePlaceholders(JSON.stringify(plan.body.value), world)
        : plan.body.kind === 'raw'
          ? plan.body.text
          : plan.body.kind === 'oversized'
            ? JSON.stringify({ name: 'x'.repeat(plan.body.bytes) })
            : undefined
    return { method: plan.operation.method, url, headers, ...(payload === undefined ? {} : { payload }) }
  }

  const describeRequest = (plan: Plan, request: InjectOptions) => {
    const payload = typeof request.payload === 'string' ? request.payload : ''
    return `${request.method} ${String(request.url).slice(0, 200)} [${plan.mutations.join(', ')}] headers=${JSON.stringify(request.headers).slice(0, 200)} body=${JSON.stringify(payload.slice(0, 200))}`
  }

  const allowsArray = (schema: unknown): boolean => {
    if (typeof schema !== 'object' || schema === null) return false
    const node = schema as { type?: unknown; anyOf?: unknown; oneOf?: unknown }
    if (node.type === 'array') return true
    return [node.anyOf, node.oneOf].some((list) => Array.isArray(list) && list.some(allowsArray))
  }

  /** Where the request breaks the document: an answer < 400 to it means the server takes more than it says. */
  const documentedRefusals = (plan: Plan, request: InjectOptions): string[] => {
    const operation = plan.operation
    const found: string[] = []
    for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
      try {
        const value = decodeURIComponent(resolvePlaceholders(plan.path[parameter.name] ?? '', world))
        found.push(...violations(api, parameter.schema, value, `/path/${parameter.name}`))
      } catch {
        found.push(`/path/${parameter.name}: not percent-encoded UTF-8`)
      }
    }
    const query = new URLSearchParams(String(request.url).split('?')[1] ?? '')
    for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
      const values = query.getAll(parameter.name)
      if (values.length === 0 && parameter.required) found.push(`/query/${parameter.name}: missing`)
      // A parameter the document types as an array (alone or in a union) may be repeated: `?x=a&x=b`.
      if (values.length > 1 && !allowsArray(parameter.schema))
        found.push(`/query/${parameter.name}: repeated`)
      if (values.length === 1)
        found.push(...violations(api, parameter.schema, values[0], `/query/${parameter.name}`))
    }
    // An optional body sent empty is a body left out, which the document allows.
    const leftOut =
      operation.bodyOptional === true && (request.payload === undefined || request.payload === '')
    if (operation.body !== undefined && !leftOut) {
      const payload = typeof request.payload === 'string' ? request.payload : undefined
      let body: unknown
      try {
        // RFC 8259 §8.1: a parser may ignore a leading byte order mark, and Fastify's does.
        body = payload === undefined ? undefined : JSON.parse(payload.replace(/^\ufeff/u, ''))
      } catch {
        found.push('/body: not JSON')
      }
      if (payload === undefined) found.push('/body: missing')
      else if (body !== undefined) found.push(...violations(api, operation.body, body, '/body'))
    }
    return found
  }

  /** Writes that leave the world without its budget or objects: the world is built again after them. */
  const destructive = (plan: Plan, response: LightMyRequestResponse) =>
    response.statusCode < 300 &&
    (plan.operation.method === 'DELETE' || /reset|command|bulk/iu.test(plan.operation.operationId))

  it(`answers ${runs} malformed requests without a 5xx, each refusal a problem document changing nothing`, async () => {
    // One seed per database, so the two runs add up to different requests.
    const runSeed = seed + (target.kind === 'postgres' ? 1 : 0)
    console.info(`fuzz on ${target.kind}: seed ${runSeed} (FUZZ_SEED=${seed} replays), ${runs} requests`)
    const started = performance.now()
    const failures: Failure[] = []
    const statuses = new Map<number, number>()
    let sent = 0
    let rebuilt = 0
    let changes = 0
    const perOperation = new Map<string, number>()
    let before = await fingerprint()
    await fc.assert(
      fc.asyncProperty(planOf(api), async (plan) => {
        const request = requestOf(plan)
        const response = await app.inject(request)
        const error = () => {
          const detail = /request ([\w-]+)\)/u.exec(response.body)?.[1]
          return errors.get(detail ?? '') ?? 'no error logged'
        }
        sent += 1
        perOperation.set(plan.operation.operationId, (perOperation.get(plan.operation.operationId) ?? 0) + 1)
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1)
        const fail = (cause: string) =>
          failures.push({
            cause,
            request: `${plan.operation.operationId}: ${describeRequest(plan, request)}`,
            answer: `${response.statusCode} ${response.headers['content-type']} ${response.body.slice(0, 300)}`,
          })
        if (response.statusCode >= 500) fail(`${response.statusCode} ${error()}`)
        else if (response.statusCode < 400) {
          const refused = documentedRefusals(plan, request)
          if (refused.length > 0)
            fail(
              `${response.statusCode} to input the document refuses: ${plan.operation.operationId} ${refused[0]?.replace(/\/\d+/gu, '/i')}`,
            )
        } else if (response.statusCode >= 400) {
          const problem = checkProblem(response)
          if (!problem.ok) fail(`${response.statusCode} not a problem document (${problem.why})`)
        }
        if (plan.operation.method !== 'GET') {
          const after = await fingerprint()
          if (response.statusCode >= 400 && after !== before) fail(`${response.statusCode} changed state`)
          if (after !== before) changes += 1
          before = after
        }
        if (destructive(plan, response)) {
          world = await buildWorld(callerWith(app, authorizations.owner ?? ''))
          rebuilt += 1
          before = await fingerprint()
        }
        return true
      }),
      { seed: runSeed, numRuns: runs, endOnFailure: true },
    )
    const seconds = (performance.now() - started) / 1000
    const classes = Map.groupBy(failures, (failure) => failure.cause)
    console.info(
      `fuzz on ${target.kind}: ${sent} requests in ${seconds.toFixed(1)} s, world rebuilt ${rebuilt}×, ${changes} writes changed state, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}, ${failures.length} failures in ${classes.size} classes`,
    )
    const report = [...classes].map(
      ([cause, instances]) =>
        `${instances.length}× ${cause}\n    ${instances[0]?.request}\n    → ${instances[0]?.answer}`,
    )
    const reportFile = process.env.FUZZ_REPORT
    if (reportFile !== undefined)
      writeFileSync(`${reportFile}.${target.kind}.json`, JSON.stringify(failures, null, 1))
    expect(sent).toBeGreaterThanOrEqual(runs)
    // Every operation had its share (about runs / operations each).
    const leastTried = Math.min(
      ...api.operations.map((operation) => perOperation.get(operation.operationId) ?? 0),
    )
    expect(leastTried).toBeGreaterThanOrEqual(Math.floor(runs / api.operations.length / 3))
    // The state check sees writes: accepted ones changed the fingerprint.
    expect(changes).toBeGreaterThan(runs / 100)
    expect(report.join('\n')).toBe('')
  }, 600_000)

  it('knows what to put in every path parameter the document has', () => {
    for (const operation of api.operations)
      for (const name of pathParameterNames(operation.path))
        expect(placeholderPath, `${operation.operationId} has {${name}}`).toHaveProperty(name)
  })
})
