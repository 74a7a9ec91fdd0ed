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

/** A JSON array stored in a jsonb column. */
export type JsonArrayColumn = ColumnType<unknown[], string, string>

export interface OnboardingProgressTable {
  user_id: string
  status: string
  current_step: string
  completed_steps: JsonArrayColumn
  skipped_steps: JsonArrayColumn
  survey: ColumnType<Record<string, unknown> | null, string | null, string | null>
  budget_id: string | null
  updated_at: ColumnType<Date, Date | undefined, Date>
}

export interface OnboardingEventsTable {
  id: Generated<string>
  user_id: string
  name: string
  step: string | null
  occurred_at: ColumnType<Date, Date, Date>
  received_at: ColumnType<Date, Date | undefined, Date>
}

/** The tables the application queries through Kysely, as the migrations leave them. */
export interface Tables {
  analytics_events: AnalyticsEventsTable
  onboarding_progress: OnboardingProgressTable
  onboarding_events: OnboardingEventsTable
}
