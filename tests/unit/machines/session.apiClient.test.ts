import * as Schema from 'effect/Schema'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApiClient, RETRY_LIMIT } from '../../../src/api/client.ts'
import { type ApiSession, anonymousSession } from '../../../src/auth/apiSession.ts'

const Answer = Schema.Struct({ ok: Schema.Boolean })

type Seen = { method: string; authorization: string | null }

/** A fetch that answers from a script and records what it was asked. */
const scriptedFetch = (statuses: number[]) => {
  const seen: Seen[] = []
  const fetch = vi.fn(async (input: Request) => {
    seen.push({ method: input.method, authorization: input.headers.get('authorization') })
    const status = statuses.shift() ?? 200
    return new Response(JSON.stringify(status === 200 ? { ok: true } : { title: 'no' }), {
      status,
      headers: { 'content-type': 'application/json' },
    })
  })
  return { fetch, seen }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

const origin = 'http://koperta.test'

describe('the one HTTP client', () => {
  it('attaches the session bearer token and decodes the answer', async () => {
    const { fetch, seen } = scriptedFetch([200])
    vi.stubGlobal('fetch', fetch)
    const { getJson } = createApiClient({ accessToken: () => 'access-1', onUnauthorized: () => undefined })
    await expect(getJson(`${origin}/api/thing`, Answer)).resolves.toEqual({ ok: true })
    expect(seen).toEqual([{ method: 'GET', authorization: 'Bearer access-1' }])
  })

  it('sends no Authorization header when nobody is signed in', async () => {
    const { fetch, seen } = scriptedFetch([200])
    vi.stubGlobal('fetch', fetch)
    await createApiClient(anonymousSession).getJson(`${origin}/api/thing`, Answer)
    expect(seen[0]?.authorization).toBeNull()
  })

  it('a 401 starts a fresh sign-in and is not retried', async () => {
    const { fetch, seen } = scriptedFetch([401])
    vi.stubGlobal('fetch', fetch)
    const onUnauthorized = vi.fn()
    const session: ApiSession = { accessToken: () => 'stale', onUnauthorized }
    await expect(createApiClient(session).getJson(`${origin}/api/thing`, Answer)).rejects.toThrow()
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
    expect(seen).toHaveLength(1)
  })

  it('retries an idempotent request 3 times with growing delays', async () => {
    const { fetch, seen } = scriptedFetch([503, 503, 503, 200])
    vi.stubGlobal('fetch', fetch)
    const answer = createApiClient(anonymousSession).putJson(`${origin}/api/thing`, { x: 1 }, Answer)
    await vi.advanceTimersByTimeAsync(300 + 600 + 1200)
    await expect(answer).resolves.toEqual({ ok: true })
    expect(seen).toHaveLength(RETRY_LIMIT + 1)
    expect(seen.every((request) => request.method === 'PUT')).toBe(true)
  })

  it('rejects an answer that does not match its schema', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ ok: 'yes' }), { headers: { 'content-type': 'application/json' } }),
      ),
    )
    await expect(createApiClient(anonymousSession).getJson(`${origin}/api/thing`, Answer)).rejects.toThrow()
  })
})
