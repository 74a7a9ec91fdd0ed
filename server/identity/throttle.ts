import { type Kysely, sql } from 'kysely'
import type { IdentityTables } from './tables.ts'

type Db = Kysely<IdentityTables>

export interface ThrottleRule {
  readonly maxFailures: number
  readonly windowMs: number
}

/** Five wrong passwords per account, or thirty from one address, lock sign-in there for fifteen minutes. */
export const signInRules = {
  account: { maxFailures: 5, windowMs: 15 * 60 * 1000 },
  address: { maxFailures: 30, windowMs: 15 * 60 * 1000 },
} as const satisfies Record<string, ThrottleRule>

/** Ten new accounts per client address per hour. */
export const registrationRule: ThrottleRule = { maxFailures: 10, windowMs: 60 * 60 * 1000 }

export const registrationKeys = (address: string): readonly ThrottleKey[] => [
  { key: `register-address:${address}`, rule: registrationRule },
]

export interface ThrottleKey {
  readonly key: string
  readonly rule: ThrottleRule
}

/** Keys are per e-mail as typed (known or not, so the lock itself reveals nothing) and per client address. */
export const signInKeys = (email: string, address: string): readonly ThrottleKey[] => [
  { key: `account:${email}`, rule: signInRules.account },
  { key: `address:${address}`, rule: signInRules.address },
]

export const isThrottled = async (
  db: Db,
  keys: readonly ThrottleKey[],
  now = new Date(),
): Promise<boolean> => {
  const rows = await db
    .selectFrom('sign_in_throttle')
    .selectAll()
    .where(
      'key',
      'in',
      keys.map((entry) => entry.key),
    )
    .execute()
  return rows.some((row) => {
    const rule = keys.find((entry) => entry.key === row.key)?.rule
    if (rule === undefined) return false
    return row.failures >= rule.maxFailures && now.getTime() - row.window_started_at.getTime() < rule.windowMs
  })
}

export const recordFailure = async (
  db: Db,
  keys: readonly ThrottleKey[],
  now = new Date(),
): Promise<void> => {
  for (const { key, rule } of keys) {
    const windowStart = new Date(now.getTime() - rule.windowMs)
    // One statement, so concurrent failures on several instances all count.
    await db
      .insertInto('sign_in_throttle')
      .values({ key, failures: 1, window_started_at: now })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          failures: sql<number>`case when sign_in_throttle.window_started_at <= ${windowStart} then 1 else sign_in_throttle.failures + 1 end`,
          window_started_at: sql<Date>`case when sign_in_throttle.window_started_at <= ${windowStart} then ${now} else sign_in_throttle.window_started_at end`,
        }),
      )
      .execute()
  }
}

/** A correct password clears the account's counter; the address keeps its count (it may be guessing many). */
export const clearFailures = async (db: Db, keys: readonly ThrottleKey[]): Promise<void> => {
  const accountKeys = keys.filter((entry) => entry.key.startsWith('account:')).map((entry) => entry.key)
  if (accountKeys.length === 0) return
  await db.deleteFrom('sign_in_throttle').where('key', 'in', accountKeys).execute()
}
