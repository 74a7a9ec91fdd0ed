import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IdentityTables } from '../../../server/identity/tables.ts'
import { findUserByEmail } from '../../../server/identity/users.ts'
import { databases, type TestDatabase } from '../support/databases.ts'
import { createIdentityApp } from './support.ts'

const script = (name: string) =>
  fileURLToPath(new URL(`../../../server/identity/cli/${name}.ts`, import.meta.url))

interface Run {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

describe.each(databases())('npm run user / npm run token on $kind', ({ kind, create }) => {
  let database: TestDatabase
  let app: FastifyInstance | undefined

  const cli = (name: 'user' | 'token' | 'keys', args: readonly string[], stdin = ''): Promise<Run> =>
    new Promise((resolve) => {
      const child = execFile(
        process.execPath,
        [script(name), ...args],
        {
          env: {
            PATH: process.env.PATH ?? '',
            DATA_DIR: database.dataDir,
            ...(database.databaseUrl === undefined ? {} : { DATABASE_URL: database.databaseUrl }),
          },
          timeout: 60_000,
        },
        (error, stdout, stderr) =>
          resolve({ code: error === null ? 0 : Number(error.code ?? 1), stdout, stderr }),
      )
      child.stdin?.end(stdin)
    })

  beforeAll(async () => {
    database = await create()
  })

  afterAll(async () => {
    await app?.close()
    await database?.dispose()
  })

  it('rotates the signing key; the old one stays published for verification', async () => {
    const before = await cli('keys', ['rotate'])
    expect(before.stderr).toBe('')
    expect(before.code).toBe(0)
    expect(before.stdout).toMatch(/^rotated the signing key/u)
    const again = await cli('keys', ['rotate'])
    expect(again.code).toBe(0)
    const { loadKeys } = await import('../../../server/identity/keys.ts')
    const { openDatabase } = await import('../../../server/db/database.ts')
    const opened = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl })
    try {
      const keys = await loadKeys(opened.db.withTables<IdentityTables>())
      // The key in charge, and the one it replaced, still published for tokens it signed.
      expect(keys.signingKeys.length).toBe(2)
      expect(new Set(keys.signingKeys.map((key) => key.kid)).size).toBe(2)
    } finally {
      await opened.close()
    }
    expect((await cli('keys', ['spin'])).code).toBe(2)
  })

  it('creates a user and prints a token while no server runs', async () => {
    const created = await cli('user', ['create', '--email', 'Cli@Example.com'], 'a password for the cli\n')
    expect(created.stderr).toBe('')
    expect(created.code).toBe(0)
    expect(created.stdout).toMatch(/^created cli@example\.com \(/u)
    const weak = await cli('user', ['create', '--email', 'weak@example.com'], 'short\n')
    expect(weak.code).toBe(1)
    expect(weak.stderr).toContain('at least 12 characters')
    const token = await cli('token', ['--email', 'cli@example.com', '--name', 'backup'])
    expect(token.code).toBe(0)
    expect(token.stdout.trim()).toMatch(/^kpt_[\w-]{43}$/u)
    const usage = await cli('user', ['frobnicate'])
    expect(usage.code).toBe(2)
    expect(usage.stderr).toContain('usage:')
  })

  it('works through the running server, which holds the embedded database', async () => {
    app = createIdentityApp(database).app
    await app.ready()
    const disabled = await cli('user', ['disable', '--email', 'cli@example.com'])
    expect(disabled.stderr).toBe('')
    expect(disabled.stdout.trim()).toBe('disabled cli@example.com')
    expect((await findUserByEmail(app.identity.db, 'cli@example.com'))?.disabled_at).not.toBeNull()
    await cli('user', ['enable', '--email', 'cli@example.com'])
    expect((await findUserByEmail(app.identity.db, 'cli@example.com'))?.disabled_at).toBeNull()

    const token = (await cli('token', ['--email', 'cli@example.com'])).stdout.trim()
    const profile = await app.inject({
      method: 'GET',
      url: '/api/user-profile',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(profile.statusCode).toBe(200)
    expect(profile.json().email).toBe('cli@example.com')

    const list = await cli('user', ['list'])
    expect(list.stdout).toMatch(/cli@example\.com\t\S+\tactive/u)
    if (kind === 'pglite') expect(app.database.kind).toBe('pglite')
  })
})
