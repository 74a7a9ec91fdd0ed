import type { ColumnType, Generated, Insertable, Selectable } from 'kysely'

/** Timestamps arrive as Date from pg and PGlite alike; they may be written as Date or ISO text. */
type Timestamp = ColumnType<Date, Date | string, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

/** One row per person; `subject` is the OpenID Connect `sub` they sign in with (their id for local accounts). */
export interface UsersTable {
  id: Generated<string>
  subject: string
  email: string | null
  password_hash: string | null
  created_at: ColumnType<Date, Date | string | undefined, never>
  disabled_at: NullableTimestamp
  last_visit_at: NullableTimestamp
  /** Set when the user is signed out everywhere: access tokens issued until then are refused. */
  tokens_valid_after: NullableTimestamp
  /** The user's language ('pl', 'en', 'de'), null until chosen (SPEC §3 userSettings). */
  locale: ColumnType<string | null, string | null | undefined, string | null>
  /** The name other members of a shared budget see; null until set (the e-mail stands in). Migration 0019. */
  display_name: ColumnType<string | null, string | null | undefined, string | null>
}

/** Every oidc-provider model (Session, Grant, AuthorizationCode, RefreshToken, Interaction, …) in one table. */
export interface OidcPayloadsTable {
  model: string
  id: string
  payload: ColumnType<Record<string, unknown>, string, string>
  grant_id: string | null
  user_code: string | null
  uid: string | null
  expires_at: NullableTimestamp
  consumed_at: NullableTimestamp
}

/** Key material generated on first start: `sig` keys sign tokens (JWK), `cookie` keys sign the provider's cookies. */
export interface IdentityKeysTable {
  kid: string
  use: 'sig' | 'cookie'
  material: ColumnType<Record<string, unknown>, string, string>
  created_at: ColumnType<Date, Date | string | undefined, never>
  retired_at: NullableTimestamp
}

/** Failed sign-in counters per account and per address, shared by every instance. */
export interface SignInThrottleTable {
  key: string
  failures: number
  window_started_at: Timestamp
}

/** With billing on, the end of a user's paid period decides `isExpired`. */
export interface SubscriptionsTable {
  user_id: string
  ends_at: Timestamp
}

/** Personal access tokens: only a SHA-256 of the secret is kept; the secret is shown once. */
export interface PersonalAccessTokensTable {
  id: Generated<string>
  user_id: string
  name: string
  token_hash: string
  created_at: ColumnType<Date, Date | string | undefined, never>
  last_used_at: NullableTimestamp
}

/** Password reset links: the hash of the emailed secret, valid once and briefly. */
export interface PasswordResetsTable {
  token_hash: string
  user_id: string
  expires_at: Timestamp
  used_at: NullableTimestamp
}

export type IdentityTables = {
  users: UsersTable
  oidc_payloads: OidcPayloadsTable
  identity_keys: IdentityKeysTable
  sign_in_throttle: SignInThrottleTable
  subscriptions: SubscriptionsTable
  personal_access_tokens: PersonalAccessTokensTable
  password_resets: PasswordResetsTable
}

export type User = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
