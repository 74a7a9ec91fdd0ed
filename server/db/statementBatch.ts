import { type Kysely, type OperationNodeSource, type RawBuilder, sql } from 'kysely'

// A write's statements sent as few round trips: consecutive statements on different tables go to the database as
// one statement of data-modifying CTEs (`with w0 as (insert …), w1 as (update …) select …`). Such siblings run on
// one snapshot and none sees another's rows, so a statement that reads or writes a table a queued one writes waits
// for the next round trip: every statement sees what it would have seen run alone, in order. Each round trip costs
// the server a query's compile, a socket write and a wait (about half a millisecond each; an assignment change made
// ten of them).

/** PostgreSQL's limit on one statement's parameters. */
const maxParameters = 65_535

/** A write statement (a Kysely insert, update or delete builder, or `sql`), not yet executed. */
export type Statement = OperationNodeSource

export interface Statements<DB> {
  /** For building the statements. */
  readonly db: Kysely<DB>
  /**
   * Queues `statement`, which writes `table` and reads no table but it and `reads`; first sends what is queued when
   * the statement touches a table a queued one writes.
   */
  change(statement: Statement, table: string, reads?: readonly string[]): Promise<void>
  /** Queues a select whose value nobody reads (such as `pg_notify`): it becomes the combined statement's own. */
  alongside(select: RawBuilder<unknown>): Promise<void>
  /** Sends whatever is queued. A write calls it before its commit. */
  flush(): Promise<void>
}

export const statementBatch = <DB>(db: Kysely<DB>): Statements<DB> => {
  let queued: Statement[] = []
  let written = new Set<string>()
  let select: RawBuilder<unknown> | undefined

  const flush = async () => {
    const statements = queued
    const main = select
    queued = []
    written = new Set()
    select = undefined
    if (statements.length === 0) {
      if (main !== undefined) await main.execute(db)
      return
    }
    if (statements.length === 1 && main === undefined) {
      await sql`${statements[0]}`.execute(db)
      return
    }
    const combined = sql`with ${sql.join(
      statements.map((statement, index) => sql`${sql.id(`w${index}`)} as (${statement})`),
    )} ${main ?? sql`select 1`}`.compile(db)
    if (combined.parameters.length <= maxParameters) {
      await db.executeQuery(combined)
      return
    }
    // Rows of thousands of parameters each (a rebuild's chunks): one statement apiece.
    for (const statement of statements) await sql`${statement}`.execute(db)
    if (main !== undefined) await main.execute(db)
  }

  return {
    db,
    change: async (statement, table, reads = []) => {
      if (written.has(table) || reads.some((read) => written.has(read))) await flush()
      queued.push(statement)
      written.add(table)
    },
    alongside: async (next) => {
      if (select !== undefined) await flush()
      select = next
    },
    flush,
  }
}
