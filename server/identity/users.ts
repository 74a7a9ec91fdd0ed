import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { IdentityTables, User } from './tables.ts'

type Db = Kysely<IdentityTables>

export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

export const findUserByEmail = (db: Db, email: string): Promise<User | undefined> =>
  db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst()

export const findUserById = (db: Db, id: string): Promise<User | undefined> =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()

/** Records the user's language (SPEC §3 userSettings). */
export const setUserLocale = async (db: Db, id: string, locale: string): Promise<void> => {
  await db.updateTable('users').set({ locale }).where('id', '=', id).execute()
}

/** The name other members see; blank goes back to none (the e-mail stands in). */
export const setDisplayName = async (db: Db, id: string, displayName: string | null): Promise<void> => {
  const trimmed = displayName?.trim() ?? ''
  await db
    .updateTable('users')
    .set({ display_name: trimmed === '' ? null : trimmed })
    .where('id', '=', id)
    .execute()
}

export const findUserBySubject = (db: Db, subject: string): Promise<User | undefined> =>
  db.selectFrom('users').selectAll().where('subject', '=', subject).executeTakeFirst()

export type CreateLocalUserResult =
  | { readonly created: true; readonly user: User }
  | { readonly created: false }

/** A local account signs in with its own id as `sub`. A taken e-mail answers `created: false`. */
export const createLocalUser = async (
  db: Db,
  email: string,
  passwordHash: string,
): Promise<CreateLocalUserResult> => {
  const id = randomUUID()
  const user = await db
    .insertInto('users')
    .values({ id, subject: id, email: normalizeEmail(email), password_hash: passwordHash })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returningAll()
    .executeTakeFirst()
  return user === undefined ? { created: false } : { created: true, user }
}

/** The API meets a token's `sub` for the first time: the user row appears then (external issuers included). */
export const ensureUserForSubject = async (
  db: Db,
  subject: string,
  email: string | undefined,
): Promise<User> => {
  const existing = await findUserBySubject(db, subject)
  if (existing !== undefined) return existing
  const id = randomUUID()
  await db
    .insertInto('users')
    .values({ id, subject, email: email === undefined ? null : normalizeEmail(email) })
    // Another request may create the same subject concurrently; an e-mail already taken is simply not copied.
    .onConflict((conflict) => conflict.doNothing())
    .execute()
  const created = await findUserBySubject(db, subject)
  if (created !== undefined) return created
  await db
    .insertInto('users')
    .values({ id, subject, email: null })
    .onConflict((c) => c.doNothing())
    .execute()
  const withoutEmail = await findUserBySubject(db, subject)
  if (withoutEmail === undefined) throw new Error('user row for subject could not be created')
  return withoutEmail
}

export const updatePasswordHash = async (db: Db, id: string, passwordHash: string): Promise<void> => {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute()
}

export const setDisabled = async (db: Db, id: string, disabled: boolean, now = new Date()): Promise<void> => {
  await db
    .updateTable('users')
    .set({ disabled_at: disabled ? now : null })
    .where('id', '=', id)
    .execute()
}

export const recordVisit = async (db: Db, id: string, now = new Date()): Promise<void> => {
  await db.updateTable('users').set({ last_visit_at: now }).where('id', '=', id).execute()
}

/**
 * Whether an access token issued at `issuedAt` (its `iat`, whole seconds) predates the user's last sign-out
 * everywhere. A token of the same second as the sign-out counts as before it: refusing a brand-new one for under a
 * second is better than letting an old one through.
 */
export const issuedBeforeSignOut = (user: User, issuedAt: number | undefined): boolean =>
  user.tokens_valid_after !== null &&
  (issuedAt === undefined || issuedAt * 1000 <= user.tokens_valid_after.getTime())
