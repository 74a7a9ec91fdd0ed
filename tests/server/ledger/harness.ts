import type { FastifyInstance } from 'fastify'
import { createPersonalToken } from '../../../server/identity/personalTokens.ts'
import { createLocalUser } from '../../../server/identity/users.ts'
import { type AppOptions, createTestApp } from '../support/app.ts'
import type { DatabaseTarget, TestDatabase } from '../support/databases.ts'

export interface Answer {
  readonly status: number
  readonly headers: Record<string, string | string[] | number | undefined>
  // biome-ignore lint/suspicious/noExplicitAny: test answers are inspected field by field with expect().
  readonly body: any
}

export type Call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<Answer>

export interface Harness {
  readonly app: FastifyInstance
  readonly database: TestDatabase
  /** Calls as a fresh signed-in user per name. */
  as(name: string): Promise<Call>
  /** The Authorization header of that user, for raw calls. */
  authorization(name: string): Promise<string>
  close(): Promise<void>
}

export const startHarness = async (
  target: DatabaseTarget,
  options: AppOptions = {},
  /** Another instance's database (two servers on one PostgreSQL); created afresh when absent. */
  shared?: TestDatabase,
): Promise<Harness> => {
  const database = shared ?? (await target.create())
  const app = createTestApp(database, options)
  await app.ready()
  const tokens = new Map<string, string>()
  const tokenFor = async (name: string) => {
    const known = tokens.get(name)
    if (known !== undefined) return known
    const account = await createLocalUser(
      app.identity.db,
      `${name}-${target.kind}@example.com`,
      'unused-password-hash',
    )
    if (!account.created) throw new Error(`test user ${name} exists`)
    const { token } = await createPersonalToken(app.identity.db, account.user.id, 'ledger tests')
    tokens.set(name, token)
    return token
  }
  return {
    app,
    database,
    authorization: async (name) => `Bearer ${await tokenFor(name)}`,
    as: async (name) => {
      const token = await tokenFor(name)
      return async (method, url, body, headers = {}) => {
        const response = await app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${token}`, ...headers },
          ...(body === undefined ? {} : { payload: body as object }),
        })
        const text = response.body
        return {
          status: response.statusCode,
          headers: response.headers,
          body: text === '' ? undefined : JSON.parse(text),
        }
      }
    },
    close: async () => {
      await app.close()
      if (shared === undefined) await database.dispose()
    },
  }
}

/** Expects a status, showing the body when it differs (the problem document says why). */
export const expectStatus = (answer: Answer, status: number) => {
  if (answer.status !== status)
    throw new Error(`expected ${status}, got ${answer.status}: ${JSON.stringify(answer.body)}`)
  return answer.body
}
