import { describe, expect, it } from 'vitest'
import { parseStoredUser, safeReturnTo } from '../../../src/auth/sessionUser.ts'
import {
  type CookieJar,
  cookieSlot,
  createUserStore,
  SESSION_COOKIE_NAME,
  sessionCookieOptions,
} from '../../../src/auth/userStore.ts'

/** A browser cookie jar in miniature: honours Max-Age=0 deletion and keeps what was written. */
const fakeJar = () => {
  const cookies = new Map<string, string>()
  const written: string[] = []
  const jar: CookieJar = {
    read: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    write(cookie) {
      written.push(cookie)
      const [pair = '', ...attributes] = cookie.split('; ')
      const separator = pair.indexOf('=')
      const name = pair.slice(0, separator)
      if (attributes.includes('Max-Age=0')) cookies.delete(name)
      else cookies.set(name, pair.slice(separator + 1))
    },
  }
  return { jar, cookies, written }
}

const KEY = 'oidc.user:http://localhost:5173/auth:koperta-web'
const options = { maxAgeSeconds: 1_209_600, domain: null, secure: false }

/** A user record about as large as the embedded provider's (JWT access token, ID token, refresh token). */
const bigUser = (filler: number) =>
  JSON.stringify({
    id_token: `eyJ${'a'.repeat(filler)}`,
    access_token: `eyJ${'b'.repeat(filler)}`,
    refresh_token: 'r'.repeat(43),
    token_type: 'Bearer',
    scope: 'openid profile email offline_access koperta-api',
    profile: { sub: 'user-1', email: 'zażółć "gęślą"; jaźń@example.com' },
    expires_at: 1_790_000_000,
  })

describe('cookie user store (SPEC §9)', () => {
  it('splits a large user over several cookies, each under 4 KB, and reads it back exactly', async () => {
    const { jar, cookies, written } = fakeJar()
    const store = createUserStore(cookieSlot(jar, SESSION_COOKIE_NAME, options))
    const value = bigUser(2500)
    await store.set(KEY, value)
    expect(cookies.size).toBeGreaterThan(1)
    for (const cookie of written) expect(new TextEncoder().encode(cookie).length).toBeLessThan(4096)
    expect(await store.get(KEY)).toBe(value)
    expect(parseStoredUser(store.readAny())).toMatchObject({ subject: 'user-1', expiresAt: 1_790_000_000 })
  })

  it('writes path /, 14 days, SameSite=Lax', async () => {
    const { jar, written } = fakeJar()
    await createUserStore(cookieSlot(jar, SESSION_COOKIE_NAME, options)).set(KEY, bigUser(10))
    expect(written[0]).toMatch(/; Path=\/; Max-Age=1209600; SameSite=Lax$/u)
  })

  it('drops chunks left over from a larger earlier user', async () => {
    const { jar, cookies } = fakeJar()
    const store = createUserStore(cookieSlot(jar, SESSION_COOKIE_NAME, options))
    await store.set(KEY, bigUser(6000))
    const before = cookies.size
    await store.set(KEY, bigUser(10))
    expect(cookies.size).toBeLessThan(before)
    expect(cookies.size).toBe(1)
    expect(await store.get(KEY)).toBe(bigUser(10))
  })

  it('answers only for its own key, and removes the user', async () => {
    const { jar, cookies } = fakeJar()
    const store = createUserStore(cookieSlot(jar, SESSION_COOKIE_NAME, options))
    await store.set(KEY, bigUser(10))
    expect(await store.get('oidc.user:https://other.example:client')).toBeNull()
    expect(await store.getAllKeys()).toEqual([KEY])
    expect(await store.remove(KEY)).toBe(bigUser(10))
    expect(cookies.size).toBe(0)
    expect(store.readAny()).toBeNull()
  })

  it('scopes the cookie to the domain, except on localhost; Secure on https', () => {
    expect(sessionCookieOptions({ hostname: 'koperta.example', protocol: 'https:' }, 60)).toEqual({
      maxAgeSeconds: 60,
      domain: 'koperta.example',
      secure: true,
    })
    expect(sessionCookieOptions({ hostname: 'localhost', protocol: 'http:' }, 60).domain).toBeNull()
    expect(sessionCookieOptions({ hostname: '127.0.0.1', protocol: 'http:' }, 60).domain).toBeNull()
  })

  it('refuses a record too large for the cookie budget instead of storing half of it', async () => {
    const { jar } = fakeJar()
    const store = createUserStore(cookieSlot(jar, SESSION_COOKIE_NAME, options))
    await expect(store.set(KEY, bigUser(20_000))).rejects.toThrow(/too large/u)
  })
})

describe('stored user and return address', () => {
  it('needs a subject and an access token', () => {
    expect(parseStoredUser(JSON.stringify({ access_token: 'a', profile: {} }))).toBeNull()
    expect(parseStoredUser('{not json')).toBeNull()
  })

  it.each([
    ['/budget/b1?x=1#y', '/budget/b1?x=1#y'],
    ['//evil.example/', null],
    ['/\\evil.example', null],
    ['https://evil.example/', null],
    [42, null],
  ])('safeReturnTo(%s) → %s', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected)
  })
})
