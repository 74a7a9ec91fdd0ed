import { createHash, randomBytes } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { IdentityTables, User } from './tables.ts'
import { findUserByEmail } from './users.ts'

/** A reset link works once, within an hour. */
export const resetLinkLifetimeMs = 60 * 60 * 1000

const hashOf = (secret: string): string => createHash('sha256').update(secret).digest('hex')

export const requestPasswordReset = async (
  db: Kysely<IdentityTables>,
  email: string,
  now = new Date(),
): Promise<{ readonly user: User; readonly secret: string } | undefined> => {
  const user = await findUserByEmail(db, email)
  if (user === undefined || user.disabled_at !== null) return undefined
  const secret = randomBytes(32).toString('base64url')
  await db
    .insertInto('password_resets')
    .values({
      token_hash: hashOf(secret),
      user_id: user.id,
      expires_at: new Date(now.getTime() + resetLinkLifetimeMs),
    })
    .execute()
  return { user, secret }
}

export const isResetUsable = async (
  db: Kysely<IdentityTables>,
  secret: string,
  now = new Date(),
): Promise<boolean> => {
  const row = await db
    .selectFrom('password_resets')
    .select('token_hash')
    .where('token_hash', '=', hashOf(secret))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Every session, grant and refresh token of the account: what "sign out everywhere" removes. The access tokens
 * already issued are JWTs nobody can recall; the API refuses those issued until now (`users.tokens_valid_after`).
 */
export const endAllSessions = async (
  db: Kysely<IdentityTables>,
  subject: string,
  now = new Date(),
): Promise<void> => {
  await db.deleteFrom('oidc_payloads').where(sql<string>`payload->>'accountId'`, '=', subject).execute()
  await db.updateTable('users').set({ tokens_valid_after: now }).where('subject', '=', subject).execute()
}

/**
 * Sets the new password if the link is still good, spends the link, and signs the account out everywhere (a reset
 * often follows a stolen password). Answers the user, or undefined for a bad link.
 */
export const completePasswordReset = (
  db: Kysely<IdentityTables>,
  secret: string,
  passwordHash: string,
  now = new Date(),
): Promise<User | undefined> =>
  db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', hashOf(secret))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst()
    if (spent === undefined) return undefined
    const user = await trx
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', spent.user_id)
      .returningAll()
      .executeTakeFirst()
    if (user === undefined) return undefined
    await trx
      .deleteFrom('password_resets')
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute()
    if (user.email !== null)
      await trx.deleteFrom('sign_in_throttle').where('key', '=', `account:${user.email}`).execute()
    await endAllSessions(trx, user.subject, now)
    return user
  })
