import { join } from 'node:path'
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import type { DatabaseKind } from '../../schemas/health.ts'
import { acquireDataDirLock } from './lock.ts'
import { migrateToLatest } from './migrate.ts'
import type { Tables } from './tables.ts'

export interface DatabaseOptions {
  readonly dataDir: string
  readonly databaseUrl?: string | undefined
  readonly onPoolError?: (error: Error) => void
}

export interface Database {
  readonly kind: DatabaseKind
  readonly db: Kysely<Tables>
  /** The connection pool under `db` (size 1 on PGlite), for libraries that bring their own SQL (the job queue). */
  readonly pool: pg.Pool
  /** True when a trivial query answers within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>
  /** Closes the pool, the embedded database and releases the DATA_DIR lock; idempotent. */
  close(): Promise<void>
  /** Names of the migrations this start applied (empty when the schema was current). */
  readonly appliedMigrations: readonly string[]
}

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms)
    promise.then(resolve, reject).finally(() => clearTimeout(timer))
  })

const finish = async (
  kind: DatabaseKind,
  pool: pg.Pool,
  closeRest: () => Promise<void>,
  onPoolError: ((error: Error) => void) | undefined,
): Promise<Database> => {
  // An idle client losing its connection emits 'error' on the pool; unhandled, it would kill the process.
  pool.on('error', (error) => onPoolError?.(error))
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) })
  let closing: Promise<void> | undefined
  const close = () => {
    closing ??= db.destroy().finally(closeRest)
    return closing
  }
  try {
    const { applied } = await migrateToLatest(db)
    return {
      kind,
      db,
      pool,
      appliedMigrations: applied,
      close,
      ping: async (timeoutMs = 2_000) => {
        if (closing !== undefined) return false
        try {
          await withTimeout(sql`select 1`.execute(db), timeoutMs)
          return true
        } catch {
          return false
        }
      },
    }
  } catch (error) {
    await close()
    throw error
  }
}

/** PostgreSQL when a URL is given, otherwise PGlite in DATA_DIR; migrated to the latest schema either way. */
export const openDatabase = async (options: DatabaseOptions): Promise<Database> => {
  if (options.databaseUrl !== undefined) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    return finish('postgres', pool, async () => {}, options.onPoolError)
  }
  const lock = acquireDataDirLock(options.dataDir)
  try {
    // Loaded only here: a server on PostgreSQL never needs PGlite's modules in memory.
    const [{ openPglite }, { createPgConfig }] = await Promise.all([
      import('./pglite.ts'),
      import('@electric-sql/pglite/node-postgres'),
    ])
    const pglite = await openPglite(join(options.dataDir, 'pglite'))
    // PGlite has one session: a pool larger than 1 crashes it.
    const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 })
    return finish(
      'pglite',
      pool,
      async () => {
        try {
          await pglite.close()
        } finally {
          lock.release()
        }
      },
      options.onPoolError,
    )
  } catch (error) {
    lock.release()
    throw error
  }
}
