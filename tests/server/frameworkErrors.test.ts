import { rmSync } from 'node:fs'
import { maxHeaderSize } from 'node:http'
import { connect } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { maxParamLength } from '../../server/app.ts'
import { createPersonalToken } from '../../server/identity/personalTokens.ts'
import { createLocalUser } from '../../server/identity/users.ts'
import { createFakeDist, createTestApp } from './support/app.ts'
import { databases, type TestDatabase } from './support/databases.ts'

// Issue 26 §5: errors Fastify raised before routing (a malformed URL, an over-long path parameter) left with
// Fastify's own JSON, and over-long GET parameters fell through to the static files (403). Every one is a problem
// document now, and any id the schemas accept reaches its route.

const problemType = /^application\/problem\+json/u

describe.each(databases())('framework errors on $kind', ({ create }) => {
  let database: TestDatabase
  let app: FastifyInstance
  let distDir: string
  let headers: Record<string, string>
  let budgetBase: string

  const call = async (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: object) => {
    const response = await app.inject({
      method,
      url,
      headers,
      ...(body === undefined ? {} : { payload: body }),
    })
    return {
      status: response.statusCode,
      type: response.headers['content-type'],
      headers: response.headers,
      body: response.json(),
    }
  }

  beforeAll(async () => {
    database = await create()
    // With the built app present, as in production: its catch-all route is what GET requests fell through to.
    distDir = createFakeDist()
    app = createTestApp(database, { staticDir: distDir })
    // Listening too: Node's HTTP parser refuses some requests before Fastify sees them.
    await app.listen({ port: 0, host: '127.0.0.1' })
    const account = await createLocalUser(app.identity.db, 'framework@example.com', 'unused-password-hash')
    if (!account.created) throw new Error('test account exists')
    headers = {
      authorization: `Bearer ${(await createPersonalToken(app.identity.db, account.user.id, 't')).token}`,
    }
    const created = await call('POST', '/api/budget', { name: 'Framework', currency: 'PLN' })
    budgetBase = `/api/budget/${created.body.id}`
  })

  afterAll(async () => {
    await app?.close()
    await database?.dispose()
    rmSync(distDir, { recursive: true, force: true })
  })

  describe('path parameters', () => {
    it.each(['GET', 'PUT', 'DELETE'] as const)(
      '%s: an id of the longest allowed length reaches its route',
      async (method) => {
        const answer = await call(
          method,
          `/api/budget/${'b'.repeat(128)}`,
          method === 'PUT' ? { name: 'x' } : undefined,
        )
        // GET has no such route: 405 names the allowed methods, proving the router matched the path.
        expect(answer.status).toBe(method === 'GET' ? 405 : 404)
        expect(answer.type).toMatch(problemType)
      },
    )

    it.each([
      ['GET', 'categories'],
      ['GET', 'transactions'],
      ['POST', 'category-groups'],
    ] as const)('%s …/%s: an id longer than ids may be is refused by name', async (method, tail) => {
      for (const length of [129, 600, 5000]) {
        const answer = await call(
          method,
          `/api/budget/${'b'.repeat(length)}/${tail}`,
          method === 'POST' ? { name: 'x' } : undefined,
        )
        expect(answer.status, `${length}`).toBe(400)
        expect(answer.type).toMatch(problemType)
        expect(answer.body).toMatchObject({
          code: 'validation_failed',
          errors: [{ path: '/params/budgetId' }],
        })
      }
    })

    it('a parameter beyond what the router reads (only possible without an HTTP parser) is a problem', async () => {
      // Node refuses such a request line (431) before the router sees it; inject does not, so the limit is reachable.
      const long = `/api/budget/${'b'.repeat(maxParamLength + 1)}/category-groups`
      const post = await call('POST', long, { name: 'x' })
      expect(post.status).toBe(414)
      expect(post.type).toMatch(problemType)
      expect(post.body).toMatchObject({ code: 'uri_too_long', status: 414 })
      // GET has the static files' catch-all to fall back on; it finds nothing there.
      const get = await call('GET', long)
      expect(get.type).toMatch(problemType)
      expect(get.body).toMatchObject({ code: 'not_found', status: 404 })
    })
  })

  describe('malformed URLs', () => {
    it.each(['/api/budget/%ff/categories', '/api/budget/a%e0%a4%a/categories', '/api/budget/%/categories'])(
      '%s is a 400 problem',
      async (url) => {
        const answer = await call('GET', url)
        expect(answer.status).toBe(400)
        expect(answer.type).toMatch(problemType)
        expect(answer.body).toMatchObject({ code: 'bad_url', status: 400 })
        expect(answer.headers['x-content-type-options']).toBe('nosniff')
      },
    )
  })

  describe('requests the HTTP parser refuses', () => {
    /** Sends raw bytes to the listening server and reads its whole answer. */
    const raw = async (request: string) => {
      const address = app.server.address()
      if (address === null || typeof address === 'string') throw new Error('not listening')
      const socket = connect(address.port, '127.0.0.1')
      const chunks: Buffer[] = []
      socket.on('data', (chunk: Buffer) => chunks.push(chunk))
      const closed = new Promise((resolve) => socket.on('close', resolve))
      socket.write(request)
      await closed
      const text = Buffer.concat(chunks).toString('utf8')
      const [head = '', body = ''] = text.split('\r\n\r\n')
      return { statusLine: head.split('\r\n')[0], head, body: JSON.parse(body) }
    }

    it.each([
      ['malformed HTTP', 'GET /health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', 400, 'bad_request'],
      [
        'headers too large',
        `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(maxHeaderSize)}\r\n\r\n`,
        431,
        'header_too_large',
      ],
    ] as const)('answers %s with a problem document', async (_name, request, status, code) => {
      const answer = await raw(request)
      expect(answer.statusLine).toMatch(new RegExp(`^HTTP/1.1 ${status} `, 'u'))
      expect(answer.head).toMatch(/content-type: application\/problem\+json/iu)
      expect(answer.body).toMatchObject({ status, code })
    })
  })

  describe('numbers in queries', () => {
    it.each(['0x10', '1e3', ' 16', '16 ', '+16', '16.0', '1_000', '', '0b1', 'Infinity'])(
      'limit=%s is refused, not read as a number',
      async (limit) => {
        const answer = await call('GET', `${budgetBase}/transactions?limit=${encodeURIComponent(limit)}`)
        expect(answer.status).toBe(400)
        expect(answer.body).toMatchObject({ code: 'validation_failed', errors: [{ path: '/query/limit' }] })
      },
    )

    it('limit=16 and after=0 are read', async () => {
      expect((await call('GET', `${budgetBase}/transactions?limit=16`)).status).toBe(200)
      expect((await call('GET', `${budgetBase}/events?after=0&limit=5`)).status).toBe(200)
    })
  })
})
