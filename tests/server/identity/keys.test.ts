import type { FastifyInstance } from 'fastify'
import { decodeProtectedHeader } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadKeys, rotateKeys } from '../../../server/identity/keys.ts'
import { databases, type TestDatabase } from '../support/databases.ts'
import { createBrowser, createIdentityApp, registerAndSignIn } from './support.ts'

describe.each(databases())('signing keys on $kind', ({ create }) => {
  let database: TestDatabase
  let app: FastifyInstance | undefined

  beforeAll(async () => {
    database = await create()
  })

  afterAll(async () => {
    await app?.close()
    await database?.dispose()
  })

  const start = async () => {
    app = createIdentityApp(database).app
    await app.ready()
    return app
  }

  const profileStatus = (server: FastifyInstance, token: string) =>
    server
      .inject({ method: 'GET', url: '/api/user-profile', headers: { authorization: `Bearer ${token}` } })
      .then((response) => response.statusCode)

  it('are generated on first start, persisted, published without private parts, and rotatable', async () => {
    const first = await start()
    const keysBefore = await loadKeys(first.identity.db)
    expect(keysBefore.signingKeys).toHaveLength(1)
    const jwks = (await first.inject({ method: 'GET', url: '/auth/jwks' })).json()
    expect(jwks.keys).toHaveLength(1)
    expect(jwks.keys[0]).not.toHaveProperty('d')
    const oldKid = keysBefore.signingKeys[0]?.kid
    const { tokens } = await registerAndSignIn(createBrowser(first), 'rota@example.com', 'rotate me please')
    expect(decodeProtectedHeader(tokens.access_token).kid).toBe(oldKid)
    await first.close()

    // A restart keeps the same key (and with it every session and token).
    const second = await start()
    expect((await loadKeys(second.identity.db)).signingKeys.map((key) => key.kid)).toEqual([oldKid])
    expect(await profileStatus(second, tokens.access_token)).toBe(200)

    await rotateKeys(second.identity.db)
    await second.close()

    // After rotation: new tokens carry the new key; tokens signed with the retired key still verify.
    const third = await start()
    const rotated = await loadKeys(third.identity.db)
    expect(rotated.signingKeys).toHaveLength(2)
    const newKid = rotated.signingKeys[0]?.kid
    expect(newKid).not.toBe(oldKid)
    const published = (await third.inject({ method: 'GET', url: '/auth/jwks' })).json()
    expect(published.keys.map((key: { kid: string }) => key.kid)).toEqual([newKid, oldKid])
    expect(await profileStatus(third, tokens.access_token)).toBe(200)
    const { tokens: fresh } = await registerAndSignIn(
      createBrowser(third),
      'rota2@example.com',
      'rotate me please',
    )
    expect(decodeProtectedHeader(fresh.access_token).kid).toBe(newKid)
    expect(await profileStatus(third, fresh.access_token)).toBe(200)
  })
})
