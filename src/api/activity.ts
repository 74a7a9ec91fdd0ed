import * as Schema from 'effect/Schema'
import type { PageRequest } from '../../machines/activity/index.ts'
import { ActivityPage } from '../../schemas/activity.ts'
import { Collaboration } from '../../schemas/sharing.ts'
import { UserProfile } from '../../schemas/user.ts'
import type { LoadApi } from './loadApi.ts'

// The activity feed's HTTP calls (issue 30 §3, schemas/activity.ts). Failures reject; the port turns them into values.

/** How many entries a page of the feed holds. */
export const ACTIVITY_PAGE_SIZE = 50

/**
 * The members as the feed needs them: CollaborationList's names, each optional so that a server answering the
 * older shape (`{budgetId, userId, role}`) still decodes, its entries then unnamed.
 */
const MemberNames = Schema.Array(
  Schema.Struct({
    userId: Collaboration.fields.userId,
    displayName: Schema.optionalKey(Collaboration.fields.displayName),
    email: Schema.optionalKey(Collaboration.fields.email),
  }),
)

const withSignal = (signal: AbortSignal | undefined) => (signal === undefined ? {} : { signal })

/** `GET /api/budget/{id}/activity?actor&before&limit`: newest first. */
export const readActivity = async (loadApi: LoadApi, request: PageRequest, signal?: AbortSignal) => {
  const query = new URLSearchParams({ limit: String(ACTIVITY_PAGE_SIZE) })
  if (request.actor !== null) query.set('actor', request.actor)
  if (request.before !== null) query.set('before', String(request.before))
  return (await loadApi()).getJson(
    `/api/budget/${encodeURIComponent(request.budgetId)}/activity?${query}`,
    ActivityPage,
    withSignal(signal),
  )
}

/**
 * What the activity feed calls a user (a former member too): the name on their newest entry; null when they have
 * none or their account is gone.
 */
export const readActorName = async (loadApi: LoadApi, budgetId: string, userId: string) => {
  const query = new URLSearchParams({ actor: userId, limit: '1' })
  const page = await (await loadApi()).getJson(
    `/api/budget/${encodeURIComponent(budgetId)}/activity?${query}`,
    ActivityPage,
  )
  return page.items[0]?.actorName ?? null
}

/** `GET /api/budget/{id}/budget-collaborations`, and the caller's own profile (their e-mail until they set a name). */
export const readMemberNames = async (loadApi: LoadApi, budgetId: string, signal?: AbortSignal) => {
  const api = await loadApi()
  const [members, me] = await Promise.all([
    api.getJson(
      `/api/budget/${encodeURIComponent(budgetId)}/budget-collaborations`,
      MemberNames,
      withSignal(signal),
    ),
    api.getJson('/api/user-profile', UserProfile, withSignal(signal)).catch(() => null),
  ])
  return members.map((member) => ({
    userId: member.userId,
    name: member.displayName ?? member.email ?? (me !== null && me.id === member.userId ? me.email : null),
  }))
}
