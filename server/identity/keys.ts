import { randomBytes } from 'node:crypto'
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose'
import { type Kysely, sql } from 'kysely'
import type { IdentityTables } from './tables.ts'

/** Tokens signed with a retired key stay verifiable this long (longer than any token's lifetime). */
export const retiredKeyRetentionMs = 7 * 24 * 60 * 60 * 1000

export const signingAlgorithm = 'RS256'

const newSigningKey = async (): Promise<JWK> => {
  const { privateKey } = await generateKeyPair(signingAlgorithm, { extractable: true })
  const jwk = await exportJWK(privateKey)
  const kid = await calculateJwkThumbprint(jwk)
  return { ...jwk, kid, alg: signingAlgorithm, use: 'sig' }
}

const newCookieSecret = (): { kid: string; secret: string } => ({
  kid: randomBytes(8).toString('hex'),
  secret: randomBytes(32).toString('base64url'),
})

type Db = Kysely<IdentityTables>

// Every instance runs this at start: the advisory lock makes exactly one of them generate the first keys.
const withKeyLock = <T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> =>
  db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('koperta.identity_keys'))`.execute(trx)
    return work(trx)
  })

const insertSigningKey = async (db: Db): Promise<void> => {
  const jwk = await newSigningKey()
  await db
    .insertInto('identity_keys')
    .values({ kid: String(jwk.kid), use: 'sig', material: JSON.stringify(jwk) })
    .execute()
}

const insertCookieKey = async (db: Db): Promise<void> => {
  const { kid, secret } = newCookieSecret()
  await db
    .insertInto('identity_keys')
    .values({ kid, use: 'cookie', material: JSON.stringify({ secret }) })
    .execute()
}

/** Generates the signing key and the cookie secret on first start; later starts find them. */
export const ensureKeys = (db: Db): Promise<void> =>
  withKeyLock(db, async (trx) => {
    const active = await trx
      .selectFrom('identity_keys')
      .select(['use'])
      .where('retired_at', 'is', null)
      .execute()
    if (!active.some((key) => key.use === 'sig')) await insertSigningKey(trx)
    if (!active.some((key) => key.use === 'cookie')) await insertCookieKey(trx)
  })

/**
 * Puts a new signing key (and cookie secret) in charge; the previous ones stay published for verification until
 * `retiredKeyRetentionMs` has passed. Running instances pick the new key up when they restart.
 */
export const rotateKeys = (db: Db, now = new Date()): Promise<void> =>
  withKeyLock(db, async (trx) => {
    await trx.updateTable('identity_keys').set({ retired_at: now }).where('retired_at', 'is', null).execute()
    await trx
      .deleteFrom('identity_keys')
      .where('retired_at', '<', new Date(now.getTime() - retiredKeyRetentionMs))
      .execute()
    await insertSigningKey(trx)
    await insertCookieKey(trx)
  })

export type KeyMaterial = {
  /** Private signing keys, the one in charge first (oidc-provider signs with the first matching key). */
  readonly signingKeys: readonly JWK[]
  /** Cookie secrets, the one in charge first (older ones still verify cookies). */
  readonly cookieSecrets: readonly string[]
}

export const loadKeys = async (db: Db, now = new Date()): Promise<KeyMaterial> => {
  const rows = await db
    .selectFrom('identity_keys')
    .select(['use', 'material', 'retired_at'])
    .where((eb) =>
      eb.or([
        eb('retired_at', 'is', null),
        eb('retired_at', '>=', new Date(now.getTime() - retiredKeyRetentionMs)),
      ]),
    )
    // Active keys (null retired_at) first, then the most recently retired.
    .orderBy(sql`retired_at desc nulls first`)
    .execute()
  return {
    signingKeys: rows.filter((row) => row.use === 'sig').map((row) => row.material satisfies JWK),
    cookieSecrets: rows.filter((row) => row.use === 'cookie').map((row) => String(row.material.secret)),
  }
}
