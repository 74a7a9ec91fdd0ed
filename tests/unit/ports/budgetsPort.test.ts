import { afterEach, describe, expect, it, vi } from 'vitest'
import { BudgetId } from '../../../schemas/ids.ts'
import { CurrencyCode, IsoDate } from '../../../schemas/money.ts'
import { createApiClient } from '../../../src/api/client.ts'
import { anonymousSession } from '../../../src/auth/apiSession.ts'
import { createBudgetsPort } from '../../../src/ports/budgetsPort.ts'

type Seen = { method: string; path: string; body: unknown; key: string | null }
type Script = { status: number; body: unknown; type?: string }

/** A fetch that answers from a script and records what it was asked. */
const scriptedFetch = (answers: Script[]) => {
  const seen: Seen[] = []
  const fetch = vi.fn(async (request: Request) => {
    const text = await request.text()
    seen.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: text === '' ? undefined : JSON.parse(text),
      key: request.headers.get('idempotency-key'),
    })
    const answer = answers.shift() ?? { status: 500, body: '' }
    return new Response(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': answer.type ?? 'application/json' },
    })
  })
  return { fetch, seen }
}

const signal = new AbortController().signal
const HOME = BudgetId.make('home')
const PLN = CurrencyCode.make('PLN')
const EUR = CurrencyCode.make('EUR')

const ORIGIN = 'http://koperta.test'
const loadApi = async () => createApiClient(anonymousSession)

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('budgets port over the HTTP client', () => {
  it('lists the caller’s budgets', async () => {
    const { fetch, seen } = scriptedFetch([
      {
        status: 200,
        body: [{ id: 'home', name: 'Dom', currency: 'PLN', role: 'Owner', access: 'Edit', version: 3 }],
      },
    ])
    vi.stubGlobal('fetch', fetch)
    const listed = await createBudgetsPort(loadApi, ORIGIN).list(signal)
    expect(listed.ok && listed.budgets.map((budget) => budget.name)).toEqual(['Dom'])
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/api/budget' })
  })

  it('creates with an Idempotency-Key so a retry lands on the same budget', async () => {
    const { fetch, seen } = scriptedFetch([
      { status: 201, body: { id: 'new', name: 'Wakacje', currency: 'EUR' } },
    ])
    vi.stubGlobal('fetch', fetch)
    await expect(
      createBudgetsPort(loadApi, ORIGIN).create({ name: 'Wakacje', currency: EUR }, 'key-1', signal),
    ).resolves.toEqual({
      outcome: 'done',
      budget: { id: 'new', name: 'Wakacje', currency: 'EUR' },
    })
    expect(seen[0]).toEqual({
      method: 'POST',
      path: '/api/budget',
      body: { name: 'Wakacje', currency: 'EUR' },
      key: 'key-1',
    })
  })

  it('reads a 422 problem document as the domain refusal (e.g. currency-locked)', async () => {
    const { fetch, seen } = scriptedFetch([
      {
        status: 422,
        type: 'application/problem+json',
        body: {
          type: 'about:blank',
          title: 'Refused by the budget rules',
          status: 422,
          code: 'currency-locked',
        },
      },
    ])
    vi.stubGlobal('fetch', fetch)
    await expect(createBudgetsPort(loadApi, ORIGIN).update(HOME, { currency: EUR }, signal)).resolves.toEqual(
      {
        outcome: 'refused',
        error: { _tag: 'CurrencyLocked', code: 'currency-locked' },
      },
    )
    expect(seen[0]).toMatchObject({ method: 'PUT', path: '/api/budget/home', body: { currency: 'EUR' } })
  })

  it('deletes and resets the budget', async () => {
    const { fetch, seen } = scriptedFetch([
      { status: 200, body: { deleted: true } },
      { status: 200, body: { id: 'home', name: 'Dom', currency: 'PLN' } },
    ])
    vi.stubGlobal('fetch', fetch)
    const port = createBudgetsPort(loadApi, ORIGIN)
    await expect(port.remove(HOME, signal)).resolves.toEqual({ outcome: 'done', budget: null })
    await expect(port.reset(HOME, IsoDate.make('2026-11-22'), signal)).resolves.toEqual({
      outcome: 'done',
      budget: { id: 'home', name: 'Dom', currency: PLN },
    })
    expect(seen.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'DELETE /api/budget/home',
      'POST /api/budget/home/reset',
    ])
    expect(seen[1]?.body).toEqual({ date: '2026-11-22' })
  })

  it('any other failure is `failed` with what SPEC §8’s toast needs', async () => {
    const { fetch } = scriptedFetch([{ status: 404, body: { title: 'Not found' } }])
    vi.stubGlobal('fetch', fetch)
    const outcome = await createBudgetsPort(loadApi, ORIGIN).remove(HOME, signal)
    expect(outcome).toMatchObject({ outcome: 'failed', error: { status: 404, data: { title: 'Not found' } } })
  })
})
