import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databases, type TestDatabase } from '../support/databases.ts'
import { clientId, createBrowser, createIdentityApp, registerAndSignIn } from './support.ts'

const postgres = databases().find((target) => target.kind === 'postgres')

// PGlite serves one process; several instances share state only on PostgreSQL (set DATABASE_URL to run this).
describe.skipIf(postgres === undefined)('two server instances on one PostgreSQL database', () => {
  let database: TestDatabase
  let first: FastifyInstance
  let second: FastifyInstance

  beforeAll(async () => {
    if (postgres === undefined) return
    database = await postgres.create()
    // Started together: the advisory lock lets exactly one of them generate the keys.
    first = createIdentityApp(database).app
    second = createIdentityApp(database).app
    await Promise.all([first.ready(), second.ready()])
  })

  afterAll(async () => {
    await first?.close()
    await second?.close()
    await database?.dispose()
  })

  it('share keys, sessions and refresh tokens', async () => {
    const keys = await first.identity.db.selectFrom('identity_keys').select(['kid', 'use']).execute()
    expect(keys.filter((key) => key.use === 'sig')).toHaveLength(1)

    const { tokens } = await registerAndSignIn(
      createBrowser(first),
      'two@example.com',
      'one database two servers',
    )
    const profile = await second.inject({
      method: 'GET',
      url: '/api/user-profile',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    })
    expect(profile.statusCode).toBe(200)
    const refreshed = await second.inject({
      method: 'POST',
      url: '/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: clientId,
      }).toString(),
    })
    expect(refreshed.statusCode).toBe(200)
  })
})
