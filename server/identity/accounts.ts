import type { Kysely } from 'kysely'
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts'
import type { IdentityTables, User } from './tables.ts'
import { clearFailures, isThrottled, recordFailure, signInKeys } from './throttle.ts'
import { findUserByEmail, normalizeEmail, updatePasswordHash } from './users.ts'

export type SignInResult =
  | { readonly kind: 'signedIn'; readonly user: User }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'throttled' }

/**
 * Checks a password the same way whether or not the e-mail exists: an unknown e-mail still costs one scrypt
 * (against a dummy hash) and one failure count, so answers and timings do not tell which accounts exist.
 */
export const signIn = async (
  db: Kysely<IdentityTables>,
  email: string,
  password: string,
  address: string,
): Promise<SignInResult> => {
  const keys = signInKeys(normalizeEmail(email), address)
  if (await isThrottled(db, keys)) {
    await verifyAgainstDummy(password)
    return { kind: 'throttled' }
  }
  const user = await findUserByEmail(db, email)
  if (user === undefined || user.password_hash === null) {
    await verifyAgainstDummy(password)
    await recordFailure(db, keys)
    return { kind: 'invalid' }
  }
  const { valid, needsRehash } = await verifyPassword(password, user.password_hash)
  if (!valid) {
    await recordFailure(db, keys)
    return { kind: 'invalid' }
  }
  await clearFailures(db, keys)
  if (needsRehash) await updatePasswordHash(db, user.id, await hashPassword(password))
  return { kind: 'signedIn', user }
}
