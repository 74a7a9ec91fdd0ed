import * as Schema from 'effect/Schema'
import type { Kysely } from 'kysely'
import {
  freshOnboardingProgress,
  type Onboarding,
  OnboardingEvent,
  OnboardingProgress,
  type OnboardingUpdate,
} from '../../schemas/onboarding.ts'
import type { Tables } from '../db/tables.ts'

/** How many of the latest events a read returns: enough to resume, never a growing answer. */
export const onboardingEventsShown = 50

const decodeProgress = Schema.decodeUnknownSync(OnboardingProgress)
const decodeEvent = Schema.decodeUnknownSync(OnboardingEvent)

/** The user's progress and latest events (oldest first); a user who never saved gets a fresh progress. */
export const readOnboarding = async (db: Kysely<Tables>, userId: string): Promise<Onboarding> => {
  const row = await db
    .selectFrom('onboarding_progress')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst()
  const events = await db
    .selectFrom('onboarding_events')
    .select(['name', 'step', 'occurred_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(onboardingEventsShown)
    .execute()
  // Rows are decoded, not cast: a row the schema no longer accepts is a server bug, not an answer.
  const progress =
    row === undefined
      ? freshOnboardingProgress
      : decodeProgress({
          status: row.status,
          currentStep: row.current_step,
          completedSteps: row.completed_steps,
          skippedSteps: row.skipped_steps,
          survey: row.survey,
          budgetId: row.budget_id,
          updatedAt: row.updated_at.toISOString(),
        })
  return {
    progress,
    events: events
      .reverse()
      .map((event) =>
        decodeEvent({ name: event.name, step: event.step, occurredAt: event.occurred_at.toISOString() }),
      ),
  }
}

/** Replaces the progress and appends the events, in one transaction. */
export const writeOnboarding = async (
  db: Kysely<Tables>,
  userId: string,
  update: OnboardingUpdate,
  now: Date,
): Promise<void> => {
  const values = {
    status: update.status,
    current_step: update.currentStep,
    completed_steps: JSON.stringify(update.completedSteps),
    skipped_steps: JSON.stringify(update.skippedSteps),
    survey: update.survey === null ? null : JSON.stringify(update.survey),
    budget_id: update.budgetId,
    updated_at: now,
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('onboarding_progress')
      .values({ user_id: userId, ...values })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
      .execute()
    if (update.events.length > 0) {
      await trx
        .insertInto('onboarding_events')
        .values(
          update.events.map((event) => ({
            user_id: userId,
            name: event.name,
            step: event.step,
            occurred_at: new Date(event.occurredAt),
          })),
        )
        .execute()
    }
  })
}
