import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/database.ts'
import { acquireDataDirLock, DataDirLockedError } from '../../server/db/lock.ts'
import { migrations } from '../../server/db/migrations/index.ts'
import { createTestApp } from './support/app.ts'
import { browserAccept } from './support/browser.ts'
import { databases, freshDataDir, type TestDatabase } from './support/databases.ts'

describe('DATA_DIR lock', () => {
  const dataDir = freshDataDir()
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('refuses a second owner while the first holds it, naming the owner', () => {
    const lock = acquireDataDirLock(dataDir)
    try {
      expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError)
      expect(() => acquireDataDirLock(dataDir)).toThrow(String(process.pid))
    } finally {
      lock.release()
    }
    expect(existsSync(lock.path)).toBe(false)
  })

  it('takes over a lock left by a process that no longer exists', () => {
    const lockPath = join(dataDir, 'koperta.lock')
    // Pids are below 2^22 on Linux; this one cannot be running.
    writeFileSync(lockPath, '99999999\n')
    const lock = acquireDataDirLock(dataDir)
    expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid))
    lock.release()
  })

  it('takes over a lock naming our own pid that this process does not hold (a restarted container pid 1)', () => {
    const lockPath = join(dataDir, 'koperta.lock')
    writeFileSync(lockPath, `${process.pid}\n`)
    const lock = acquireDataDirLock(dataDir)
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError)
    lock.release()
    expect(existsSync(lockPath)).toBe(false)
  })
})

describe.each(databases())('lifecycle on $kind', ({ kind, create }) => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await create()
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('migrates a new database, then finds nothing to do on restart and keeps the data', async () => {
    const first = createTestApp(database)
    await first.ready()
    expect(first.database.appliedMigrations).toEqual(Object.keys(migrations))
    const stored = await first.inject({
      method: 'POST',
      url: '/api/analytics',
      payload: { events: [{ name: 'help_opened', occurredAt: '2026-11-22T00:00:00Z' }] },
    })
    expect(stored.statusCode).toBe(202)
    await first.close()

    const second = createTestApp(database)
    await second.ready()
    try {
      expect(second.database.appliedMigrations).toEqual([])
      const rows = await second.database.db.selectFrom('analytics_events').select('name').execute()
      expect(rows).toEqual([{ name: 'help_opened' }])
    } finally {
      await second.close()
    }
  })

  it('answers html requests with a 503 problem when the web app is not built, while the API runs', async () => {
    const app = createTestApp(database, { staticDir: join(database.dataDir, 'missing-dist') })
    await app.ready()
    try {
      const page = await app.inject({ method: 'GET', url: '/budget/1', headers: { accept: browserAccept } })
      expect(page.statusCode).toBe(503)
      expect(page.json()).toMatchObject({ code: 'app_not_built' })
      expect(page.json().detail).toContain('npm run build')
      const health = await app.inject({ method: 'GET', url: '/health' })
      expect(health.statusCode).toBe(200)
    } finally {
      await app.close()
    }
  })

  it('reports 503 from /health once the database stops answering', async () => {
    const app = createTestApp(database)
    await app.ready()
    try {
      await app.database.close()
      const response = await app.inject({
        method: 'GET',
        url: '/health',
        headers: { accept: 'application/json' },
      })
      expect(response.statusCode).toBe(503)
      expect(response.json()).toMatchObject({ status: 'unavailable', database: { reachable: false, kind } })
    } finally {
      await app.close()
    }
  })

  it('releases DATA_DIR on close, so the next server can open it', async () => {
    const app = createTestApp(database)
    await app.ready()
    const lockPath = join(database.dataDir, 'koperta.lock')
    expect(existsSync(lockPath)).toBe(kind === 'pglite')
    await app.close()
    expect(existsSync(lockPath)).toBe(false)
  })
})

describe('PGlite in an empty DATA_DIR', () => {
  const dataDir = freshDataDir()
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('creates and migrates the cluster, and refuses a second opener while it runs', async () => {
    const first = await openDatabase({ dataDir })
    try {
      expect(first.appliedMigrations).toEqual(Object.keys(migrations))
      await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirLockedError)
      expect(await first.ping()).toBe(true)
    } finally {
      await first.close()
    }
    // Creating a cluster is CPU-bound (5 s idle, 30 s+ on a loaded machine).
  }, 120_000)
})
