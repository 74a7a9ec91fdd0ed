import type { Kysely } from 'kysely'
import { Migrator } from 'kysely/migration'
import { inCodeMigrationProvider } from './migrations/index.ts'

export interface MigrationOutcome {
  readonly applied: readonly string[]
}

/** Brings the schema to the latest migration; safe to run on every start and from several instances. */
export const migrateToLatest = async <Tables>(db: Kysely<Tables>): Promise<MigrationOutcome> => {
  const migrator = new Migrator({ db, provider: inCodeMigrationProvider })
  const { error, results = [] } = await migrator.migrateToLatest()
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName ?? 'unknown'
    throw new Error(`Database migration ${failed} failed`, { cause: error })
  }
  return {
    applied: results.filter((result) => result.status === 'Success').map((result) => result.migrationName),
  }
}
