// A server of its own for a journey that must begin from an empty database: a new data directory, nothing seeded.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base } from '@playwright/test'

export type FreshServer = { readonly url: string; readonly dataDir: string }

const waitForHealth = async (url: string, server: ChildProcess, output: () => string) => {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server stopped (${server.exitCode}):\n${output()}`)
    const healthy = await fetch(`${url}/health`, { headers: { accept: 'application/json' } })
      .then((response) => response.ok)
      .catch(() => false)
    if (healthy) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`the server did not start within 90 s:\n${output()}`)
}

/**
 * `freshServer`: one per test, started on the e2e port + 10 + the worker's index with the same limits as the
 * shared servers (playwright.config.ts), on the embedded database in a directory nobody else has used.
 */
export const test = base.extend<{ freshServer: FreshServer }>({
  freshServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
    async ({}, use, testInfo) => {
      const port = Number(process.env.E2E_PORT ?? 4173) + 10 + testInfo.parallelIndex
      const url = `http://localhost:${port}`
      const dataDir = mkdtempSync(join(tmpdir(), 'koperta-e2e-fresh-'))
      const server = spawn(process.execPath, ['server/main.ts'], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: 'localhost',
          PUBLIC_URL: url,
          LOG_LEVEL: 'warn',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          RATE_LIMIT_ANONYMOUS: '100000',
          RATE_LIMIT_USER: '100000',
          RATE_LIMIT_ANONYMOUS_EVENTS: '100000',
          ...(process.env.E2E_STATIC_DIR === undefined ? {} : { STATIC_DIR: process.env.E2E_STATIC_DIR }),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let output = ''
      server.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString()
      })
      server.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString()
      })
      try {
        await waitForHealth(url, server, () => output)
        await use({ url, dataDir })
      } finally {
        server.kill('SIGTERM')
        await new Promise((resolve) =>
          server.exitCode === null ? server.once('exit', resolve) : resolve(null),
        )
        rmSync(dataDir, { recursive: true, force: true })
      }
    },
    { scope: 'test' },
  ],
  // Relative addresses (page.goto('/')) reach the fresh server too.
  baseURL: async ({ freshServer }, use) => {
    await use(freshServer.url)
  },
})
