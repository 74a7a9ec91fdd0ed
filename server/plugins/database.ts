import fp from 'fastify-plugin'
import { type Database, openDatabase } from '../db/database.ts'

declare module 'fastify' {
  interface FastifyInstance {
    readonly database: Database
  }
}

/** Opens and migrates the database before any route runs; closes it (and frees DATA_DIR) on app close. */
export const databasePlugin = fp(
  async (app) => {
    const { DATA_DIR, DATABASE_URL } = app.config
    const database = await openDatabase({
      dataDir: DATA_DIR,
      databaseUrl: DATABASE_URL,
      onPoolError: (error) => app.log.error({ err: error }, 'database connection error'),
    })
    app.log.info(
      { database: database.kind, appliedMigrations: database.appliedMigrations },
      database.kind === 'pglite' ? `database: PGlite in ${DATA_DIR}` : 'database: PostgreSQL',
    )
    app.decorate('database', database)
    app.addHook('onClose', async () => {
      await database.close()
    })
  },
  { name: 'koperta-database', dependencies: ['koperta-config'] },
)
