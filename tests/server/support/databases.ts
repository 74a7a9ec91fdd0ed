import { createHash, randomBytes } from 'node:crypto'
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import pglitePackage from '../../../node_modules/@electric-sql/pglite/package.json' with { type: 'json' }
import { openPglite } from '../../../server/db/pglite.ts'
import { pgliteStartParams } from '../../../server/db/pgliteSettings.ts'

/** Where one test file's server keeps its data; `dispose` removes every trace. */
export interface TestDatabase {
  readonly dataDir: string
  readonly databaseUrl?: string
  dispose(): Promise<void>
}

export interface DatabaseTarget {
  readonly kind: 'pglite' | 'postgres'
  create(): Promise<TestDatabase>
}

const freshDataDir = () => mkdtempSync(join(tmpdir(), 'koperta-test-'))

/**
 * Creating a PGlite cluster takes 5–20 s; copying a cleanly closed one takes a fraction of a second.
 * The template is an empty cluster (no migrations), built once per PGlite version and settings by the
 * server's own first-start path.
 */
const templateDir = join(
  tmpdir(),
  `koperta-pglite-template-${pglitePackage.version}-${createHash('sha256').update(pgliteStartParams.join(' ')).digest('hex').slice(0, 12)}`,
)

const ensureTemplate = async () => {
  if (existsSync(join(templateDir, 'PG_VERSION'))) return
  const building = `${templateDir}.building-${process.pid}`
  rmSync(building, { recursive: true, force: true })
  const pglite = await openPglite(building)
  await pglite.close()
  try {
    renameSync(building, templateDir)
  } catch {
    // Another run finished its template first; theirs is as good as ours.
    rmSync(building, { recursive: true, force: true })
  }
}

const pgliteTarget: DatabaseTarget = {
  kind: 'pglite',
  create: async () => {
    await ensureTemplate()
    const dataDir = freshDataDir()
    cpSync(templateDir, join(dataDir, 'pglite'), { recursive: true })
    return { dataDir, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) }
  },
}

/** A throwaway database per test file on the server DATABASE_URL names, dropped afterwards. */
const postgresTarget = (adminUrl: string): DatabaseTarget => ({
  kind: 'postgres',
  create: async () => {
    const name = `koperta_test_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    const dataDir = freshDataDir()
    return {
      dataDir,
      databaseUrl: url.toString(),
      dispose: async () => {
        rmSync(dataDir, { recursive: true, force: true })
        const cleanup = new pg.Client({ connectionString: adminUrl })
        await cleanup.connect()
        await cleanup.query(`drop database if exists ${name} with (force)`)
        await cleanup.end()
      },
    }
  },
})

/** PGlite always; PostgreSQL as well when DATABASE_URL is set (use with describe.each). */
export const databases = (): DatabaseTarget[] => {
  const adminUrl = process.env.DATABASE_URL
  return adminUrl === undefined || adminUrl === '' ? [pgliteTarget] : [pgliteTarget, postgresTarget(adminUrl)]
}

export { freshDataDir }
