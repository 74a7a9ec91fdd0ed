import type { ColumnType, Generated } from 'kysely'

/** JSON object stored in a jsonb column: written as JSON text, read back parsed by the pg driver. */
export type JsonObjectColumn = ColumnType<Record<string, unknown>, string, string>

export interface AnalyticsEventsTable {
  /** bigint identity; the pg driver returns int8 as a string to keep precision. */
  id: Generated<string>
  name: string
  props: JsonObjectColumn
  occurred_at: ColumnType<Date, Date, Date>
  received_at: ColumnType<Date, Date | undefined, Date>
  user_id: string | null
}

/** The tables the application queries through Kysely, as the migrations leave them. */
export interface Tables {
  analytics_events: AnalyticsEventsTable
}
