import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * After sign-up the browser carries a short-lived signed note "this browser just created account X"; the next
 * sign-in interaction in that browser completes with it instead of asking for the password again.
 */
export const registeredCookieName = 'koperta_registered'
export const registeredCookiePath = '/auth/interaction'
export const registeredCookieMaxAgeSeconds = 10 * 60

const sign = (secret: string, payload: string): string =>
  createHmac('sha256', secret).update(`registered:${payload}`).digest('base64url')

export const issueRegisteredNote = (secret: string, subject: string, now = Date.now()): string => {
  const payload = `${subject}.${Math.floor(now / 1000) + registeredCookieMaxAgeSeconds}`
  return `${payload}.${sign(secret, payload)}`
}

/** The subject the note vouches for, if any secret in use signed it and it has not expired. */
export const readRegisteredNote = (
  secrets: readonly string[],
  note: string | undefined,
  now = Date.now(),
): string | undefined => {
  if (note === undefined) return undefined
  const [subject, expires, signature] = note.split('.')
  if (subject === undefined || expires === undefined || signature === undefined) return undefined
  if (!(Number(expires) * 1000 > now)) return undefined
  const given = Buffer.from(signature)
  const valid = secrets.some((secret) => {
    const expected = Buffer.from(sign(secret, `${subject}.${expires}`))
    return expected.length === given.length && timingSafeEqual(expected, given)
  })
  return valid ? subject : undefined
}
