import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import http from 'node:http'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databases, type TestDatabase } from './support/databases.ts'

const mainScript = fileURLToPath(new URL('../../server/main.ts', import.meta.url))

interface Running {
  readonly child: ChildProcess
  readonly output: () => string
  readonly exit: Promise<number | null>
}

const startServer = (env: Record<string, string>): Running => {
  let output = ''
  const child = spawn(process.execPath, [mainScript], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, output: () => output, exit }
}

const waitForOutput = async (running: Running, pattern: RegExp, timeoutMs = 10_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs
  while (!pattern.test(running.output())) {
    if (Date.now() > deadline) throw new Error(`no ${pattern} in:\n${running.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const waitForListening = async (running: Running, timeoutMs: number): Promise<string> => {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const match = /Server listening at (http:\/\/[^"\s]+)/u.exec(running.output())
    if (match?.[1] !== undefined) return match[1]
    if (running.child.exitCode !== null) throw new Error(`server exited early:\n${running.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`server did not start:\n${running.output()}`)
}

describe('node server/main.ts', () => {
  it('refuses to start on a bad configuration with a clear message', async () => {
    const running = startServer({ PORT: 'eighty' })
    expect(await running.exit).toBe(1)
    expect(running.output()).toContain('Invalid server configuration')
    expect(running.output()).toContain('PORT="eighty"')
  })
})

// The shipped entry point on the default embedded database.
describe.each(databases().filter((target) => target.kind === 'pglite'))(
  'node server/main.ts on $kind',
  ({ create }) => {
    let database: TestDatabase
    beforeAll(async () => {
      database = await create()
    })
    afterAll(async () => {
      await database?.dispose()
    })

    it('serves, finishes an in-flight request on SIGTERM, closes the database and exits 0', async () => {
      const running = startServer({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: database.dataDir,
        STATIC_DIR: join(database.dataDir, 'no-dist'),
      })
      try {
        const base = await waitForListening(running, 90_000)
        const health = await fetch(`${base}/health`)
        expect(health.status).toBe(200)

        // The entry point replaced itself (same pid) with its memory settings (server/README.md, "Memory").
        if (existsSync(`/proc/${running.child.pid}/cmdline`)) {
          const argv = readFileSync(`/proc/${running.child.pid}/cmdline`, 'utf8').split('\0')
          expect(argv).toContain('--max-semi-space-size=8')
          expect(argv).toContain('--heap-growing-percent=50')
          expect(argv.at(-2)).toBe(mainScript)
        }

        // A second server on the same DATA_DIR must refuse, not corrupt it.
        const intruder = startServer({ PORT: '0', DATA_DIR: database.dataDir })
        expect(await intruder.exit).toBe(1)
        expect(intruder.output()).toContain('is in use by process')

        // Truly in flight: the server has started the request, but half the body is still to come.
        const body = JSON.stringify({ events: [{ name: 'help_opened', occurredAt: '2026-11-22T00:00:00Z' }] })
        const request = http.request(`${base}/api/analytics`, {
          method: 'POST',
          agent: false,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        })
        const status = new Promise<number | undefined>((resolve, reject) => {
          request.once('response', (response) => {
            response.resume()
            resolve(response.statusCode)
          })
          request.once('error', reject)
        })
        request.write(body.slice(0, 20))
        await waitForOutput(running, /"url":"\/api\/analytics"[^\n]*incoming request/u)
        running.child.kill('SIGTERM')
        await waitForOutput(running, /shutting down/u)
        request.end(body.slice(20))
        expect(await status).toBe(202)
        expect(await running.exit).toBe(0)
        expect(running.output()).toContain('stopped')
        expect(existsSync(join(database.dataDir, 'koperta.lock'))).toBe(false)
      } finally {
        if (running.child.exitCode === null) running.child.kill('SIGKILL')
      }
    }, 120_000)
  },
)
