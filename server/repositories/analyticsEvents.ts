import type { Kysely } from 'kysely'
import type { AnalyticsEvent } from '../../schemas/analytics.ts'
import type { Tables } from '../db/tables.ts'

/** Stores a batch in one statement, so a batch is stored whole or not at all. */
export const insertAnalyticsEvents = async (
  db: Kysely<Tables>,
  events: readonly AnalyticsEvent[],
  userId: string | null,
): Promise<number> => {
  if (events.length === 0) return 0
  const result = await db
    .insertInto('analytics_events')
    .values(
      events.map((event) => ({
        name: event.name,
        props: JSON.stringify(event.props ?? {}),
        occurred_at: new Date(event.occurredAt),
        user_id: userId,
      })),
    )
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0n)
}
