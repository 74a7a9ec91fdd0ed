import { afterEach, describe, expect, it, vi } from 'vitest'
import { BudgetId } from '../../../schemas/ids.ts'
import { type ApiClient, createApiClient } from '../../../src/api/client.ts'
import type { ApiSession } from '../../../src/auth/apiSession.ts'
import { createBudgetPort } from '../../../src/ports/budgetPort.ts'

const origin = 'http://koperta.test'
const signedIn: ApiSession = { accessToken: () => 'access-token', onUnauthorized: () => undefined }

const message = (seq: number) =>
  `id: ${seq}\nevent: BudgetRenamed\ndata: ${JSON.stringify({
    seq,
    type: 'BudgetRenamed',
    data: { _tag: 'BudgetRenamed', name: `Name ${seq}` },
    commandId: '0195d2a4-8f1e-7000-8000-000000000001',
    actorUserId: '0195d2a4-8f1e-7000-8000-000000000002',
    recordedAt: '2025-03-01T10:00:00.000Z',
  })}\n\n`

/** An event stream the server ends after `messages` (as it does when a credential lapses or at its lifetime). */
const endedStream = (messages: string) =>
  new Response(new Blob([`retry: 2000\n\n${messages}`]).stream(), {
    status: 200,
    headers: { 'content-type': 'text/event-stream' },
  })

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the open budget’s event stream', () => {
  it('opens a new stream when the server ends one, after the last event it delivered, with the current token', async () => {
    const asked: { url: string; authorization: string | null }[] = []
    const fetch = vi.fn(async (request: Request) => {
      asked.push({ url: request.url, authorization: request.headers.get('authorization') })
      return endedStream(asked.length === 1 ? message(7) + message(8) : '')
    })
    vi.stubGlobal('fetch', fetch)
    const delivered: number[] = []
    const client = createApiClient(signedIn)
    // The app's paths are relative to the page; Node has no page to resolve them against.
    const api: ApiClient = {
      ...client,
      openStream: (path, options) => client.openStream(`${origin}${path}`, options),
    }
    const stop = createBudgetPort(api).subscribe(
      BudgetId.make('home'),
      6,
      (events) => delivered.push(...events.map((event) => event.seq)),
      () => {
        throw new Error('unreadable')
      },
    )
    try {
      await vi.waitFor(() => expect(asked.length).toBeGreaterThanOrEqual(2), { timeout: 4_000 })
    } finally {
      stop()
    }
    expect(delivered).toEqual([7, 8])
    expect(new URL(asked[0]?.url ?? '').search).toBe('?after=6')
    expect(new URL(asked[1]?.url ?? '').search).toBe('?after=8')
    expect(asked[1]?.authorization).toBe('Bearer access-token')
  })

  it('a stream answered 404 (no longer a member, budget deleted) says so once and stops asking', async () => {
    const asked: string[] = []
    const fetch = vi.fn(async (request: Request) => {
      asked.push(request.url)
      if (asked.length === 1) return endedStream(message(7))
      return new Response(JSON.stringify({ status: 404, code: 'budget_not_found' }), {
        status: 404,
        headers: { 'content-type': 'application/problem+json' },
      })
    })
    vi.stubGlobal('fetch', fetch)
    const client = createApiClient(signedIn)
    const api: ApiClient = {
      ...client,
      openStream: (path, options) => client.openStream(`${origin}${path}`, options),
    }
    let gone = 0
    let reconnected = 0
    const stop = createBudgetPort(api).subscribe(
      BudgetId.make('home'),
      6,
      () => undefined,
      () => {
        throw new Error('unreadable')
      },
      () => {
        reconnected += 1
      },
      () => {
        gone += 1
      },
    )
    try {
      await vi.waitFor(() => expect(gone).toBe(1), { timeout: 4_000 })
    } finally {
      stop()
    }
    expect(asked).toHaveLength(2)
    expect(reconnected).toBe(0)
  })
})
