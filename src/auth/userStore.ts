/**
 * Where the signed-in user is kept (SPEC §9): a cookie for 14 days on path / in a browser, local storage on the
 * native platform. Implements oidc-client-ts's `StateStore` shape without importing it, so the stored user can be
 * read at start without loading the OpenID Connect client.
 *
 * Cookie size: a browser keeps at most ~4 KB per cookie, and the user record (ID token, JWT access token,
 * refresh token, profile) is 2–5 KB. The value is therefore split over numbered cookies
 * (`koperta_session.0`, `.1`, …; ≤ 3,800 characters each, at most 8) and joined on read. Only the characters a
 * cookie value may not hold are escaped. The cost: these cookies ride along on every request to this origin
 * (the API ignores them; it reads the bearer header).
 *
 * One slot holds one user: the first line of the value is oidc-client-ts's key (`oidc.user:<authority>:<client>`),
 * so a user stored for another issuer or client reads as absent.
 */
export type UserStore = {
  set(key: string, value: string): Promise<void>
  get(key: string): Promise<string | null>
  remove(key: string): Promise<string | null>
  getAllKeys(): Promise<string[]>
  /** The stored user record whatever its key (read at start, before the settings are known). */
  readAny(): string | null
  /** Forgets the user whatever its key. */
  clear(): void
}

/** The raw storage a store writes to: `document.cookie` or `localStorage`, faked in tests. */
export type CookieJar = { read(): string; write(cookie: string): void }
export type TextSlot = { get(): string | null; set(value: string): void; remove(): void }

export const SESSION_COOKIE_NAME = 'koperta_session'
export const SESSION_STORAGE_KEY = 'koperta.session'
const CHUNK_LENGTH = 3800
const MAX_CHUNKS = 8

const escapeCookieValue = (value: string) =>
  value.replace(/[%";,\\\s\p{Cc}]|[^\p{ASCII}]/gu, (character) => encodeURIComponent(character))

const readCookies = (jar: CookieJar): Map<string, string> => {
  const cookies = new Map<string, string>()
  for (const pair of jar.read().split(';')) {
    const separator = pair.indexOf('=')
    if (separator > 0) cookies.set(pair.slice(0, separator).trim(), pair.slice(separator + 1).trim())
  }
  return cookies
}

export type CookieOptions = {
  readonly maxAgeSeconds: number
  /** Omitted on localhost and IP addresses, where browsers refuse a Domain attribute. */
  readonly domain: string | null
  readonly secure: boolean
}

/** A text slot spread over numbered cookies. */
export const cookieSlot = (jar: CookieJar, name: string, options: CookieOptions): TextSlot => {
  const attributes = (maxAge: number) =>
    [
      'Path=/',
      `Max-Age=${maxAge}`,
      'SameSite=Lax',
      ...(options.domain === null ? [] : [`Domain=${options.domain}`]),
      ...(options.secure ? ['Secure'] : []),
    ].join('; ')
  const chunkNames = () => [...readCookies(jar).keys()].filter((key) => key.startsWith(`${name}.`))
  const clear = () => {
    for (const chunk of chunkNames()) jar.write(`${chunk}=; ${attributes(0)}`)
  }
  return {
    get() {
      const cookies = readCookies(jar)
      let joined = ''
      for (let index = 0; cookies.has(`${name}.${index}`); index += 1)
        joined += cookies.get(`${name}.${index}`)
      if (joined === '') return null
      try {
        return decodeURIComponent(joined)
      } catch {
        return null // A damaged cookie is no session.
      }
    },
    set(value) {
      const escaped = escapeCookieValue(value)
      const chunks: string[] = []
      let start = 0
      while (start < escaped.length) {
        let end = Math.min(start + CHUNK_LENGTH, escaped.length)
        // Never cut an escape (%XX) in two.
        const cut = escaped.lastIndexOf('%', end - 1)
        if (end < escaped.length && cut > end - 3) end = cut
        chunks.push(escaped.slice(start, end))
        start = end
      }
      if (chunks.length > MAX_CHUNKS)
        throw new Error(`session record too large for cookies (${escaped.length})`)
      clear()
      chunks.forEach((chunk, index) => {
        jar.write(`${name}.${index}=${chunk}; ${attributes(options.maxAgeSeconds)}`)
      })
    },
    remove: clear,
  }
}

export const storageSlot = (storage: Storage, key: string): TextSlot => ({
  get: () => storage.getItem(key),
  set: (value) => storage.setItem(key, value),
  remove: () => storage.removeItem(key),
})

const splitRecord = (record: string | null): { key: string; value: string } | null => {
  if (record === null) return null
  const newline = record.indexOf('\n')
  return newline < 0 ? null : { key: record.slice(0, newline), value: record.slice(newline + 1) }
}

export const createUserStore = (slot: TextSlot): UserStore => ({
  async set(key, value) {
    slot.set(`${key}\n${value}`)
  },
  async get(key) {
    const record = splitRecord(slot.get())
    return record?.key === key ? record.value : null
  },
  async remove(key) {
    const record = splitRecord(slot.get())
    if (record?.key !== key) return null
    slot.remove()
    return record.value
  },
  async getAllKeys() {
    const record = splitRecord(slot.get())
    return record === null ? [] : [record.key]
  },
  readAny: () => splitRecord(slot.get())?.value ?? null,
  clear: () => slot.remove(),
})

const isIpOrLocal = (hostname: string) =>
  hostname === 'localhost' || hostname.endsWith('.localhost') || /^[\d.]+$|:/u.test(hostname)

/** SPEC §9: scoped to the product's domain (the page's host), path /; Secure whenever the page is. */
export const sessionCookieOptions = (
  location: { hostname: string; protocol: string },
  maxAgeSeconds: number,
) => ({
  maxAgeSeconds,
  domain: isIpOrLocal(location.hostname) ? null : location.hostname,
  secure: location.protocol === 'https:',
})
