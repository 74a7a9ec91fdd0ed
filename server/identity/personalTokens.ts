import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { IdentityTables, User } from './tables.ts'

/** Personal access tokens are recognisable by their prefix (secret scanners can match `kpt_`). */
export const personalTokenPrefix = 'kpt_'

export const isPersonalToken = (token: string): boolean => token.startsWith(personalTokenPrefix)

const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex')

export interface PersonalTokenSummary {
  readonly id: string
  readonly name: string
  readonly createdAt: Date
  readonly lastUsedAt: Date | null
}

export interface CreatedPersonalToken extends PersonalTokenSummary {
  /** Shown once; only its SHA-256 is stored (a 256-bit random secret needs no slow hash). */
  readonly token: string
}

export const createPersonalToken = async (
  db: Kysely<IdentityTables>,
  userId: string,
  name: string,
): Promise<CreatedPersonalToken> => {
  const token = `${personalTokenPrefix}${randomBytes(32).toString('base64url')}`
  const row = await db
    .insertInto('personal_access_tokens')
    .values({ user_id: userId, name, token_hash: hashOf(token) })
    .returning(['id', 'name', 'created_at', 'last_used_at'])
    .executeTakeFirstOrThrow()
  return { id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at, token }
}

export const listPersonalTokens = async (
  db: Kysely<IdentityTables>,
  userId: string,
): Promise<readonly PersonalTokenSummary[]> => {
  const rows = await db
    .selectFrom('personal_access_tokens')
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  }))
}

/** True when the token existed and belonged to the user. */
export const revokePersonalToken = async (
  db: Kysely<IdentityTables>,
  userId: string,
  id: string,
): Promise<boolean> => {
  const result = await db
    .deleteFrom('personal_access_tokens')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst()
  return result.numDeletedRows > 0n
}

/** The token's owner, or undefined for an unknown or revoked token. */
export const findPersonalTokenUser = async (
  db: Kysely<IdentityTables>,
  token: string,
  now = new Date(),
): Promise<User | undefined> => {
  const found = await db
    .selectFrom('personal_access_tokens')
    .innerJoin('users', 'users.id', 'personal_access_tokens.user_id')
    .selectAll('users')
    .select([
      'personal_access_tokens.id as token_id',
      'personal_access_tokens.last_used_at as token_last_used_at',
    ])
    .where('personal_access_tokens.token_hash', '=', hashOf(token))
    .executeTakeFirst()
  if (found === undefined) return undefined
  const { token_id, token_last_used_at, ...user } = found
  // Record use at most every few minutes: the embedded database serializes every write.
  if (token_last_used_at === null || now.getTime() - token_last_used_at.getTime() > 5 * 60 * 1000) {
    await db
      .updateTable('personal_access_tokens')
      .set({ last_used_at: now })
      .where('id', '=', token_id)
      .execute()
  }
  return user
}
