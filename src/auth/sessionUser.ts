import type { SessionUser } from '../../machines/session/index.ts'

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

const fieldOf = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null && key in value ? Reflect.get(value, key) : undefined

/**
 * The app's view of an oidc-client-ts `User` (or its stored JSON form, which has the same fields).
 * Null when the record has no access token or no subject (SPEC §5: the ID token must contain a subject).
 */
export const toSessionUser = (record: unknown): SessionUser | null => {
  const accessToken = text(fieldOf(record, 'access_token'))
  const profile = fieldOf(record, 'profile')
  const subject = text(fieldOf(profile, 'sub'))
  if (accessToken === null || subject === null) return null
  const expiresAt = fieldOf(record, 'expires_at')
  return {
    subject,
    accessToken,
    idToken: text(fieldOf(record, 'id_token')),
    expiresAt: typeof expiresAt === 'number' && Number.isFinite(expiresAt) ? expiresAt : null,
    email: text(fieldOf(profile, 'email')),
  }
}

export const parseStoredUser = (stored: string | null): SessionUser | null => {
  if (stored === null) return null
  try {
    return toSessionUser(JSON.parse(stored))
  } catch {
    return null
  }
}

/** Only an address inside this app may be returned to (no `//host` or `https://…`: no open redirect). */
export const safeReturnTo = (value: unknown): string | null => {
  const returnTo = text(value)
  if (returnTo === null) return null
  const inApp = returnTo.startsWith('/') && !returnTo.startsWith('//') && !returnTo.startsWith('/\\')
  return inApp ? returnTo : null
}
