import type { Failure, SharingPort } from '../../machines/sharing/index.ts'
import {
  AcceptedInvitation,
  Collaboration,
  CollaborationList,
  CreatedInvitation,
  InvitationPreview,
  PendingInvitationList,
} from '../../schemas/sharing.ts'
import { apiErrorOf } from '../api/client.ts'
import type { LoadApi } from '../api/loadApi.ts'

const codeOf = (data: unknown): string | null =>
  typeof data === 'object' && data !== null && 'code' in data && typeof data.code === 'string'
    ? data.code
    : null

const failureOf = (error: unknown): Failure => {
  const apiError = apiErrorOf(error)
  return { ok: false, code: codeOf(apiError.data), error: apiError }
}

const attempt = async <T>(request: () => Promise<T>): Promise<({ readonly ok: true } & T) | Failure> => {
  try {
    return { ok: true, ...(await request()) }
  } catch (error) {
    return failureOf(error)
  }
}

/** The sharing API (docs/sharing.md) over the app's one HTTP client. */
export const createSharingPort = (loadApi: LoadApi): SharingPort => {
  const budget = (budgetId: string) => `/api/budget/${encodeURIComponent(budgetId)}`
  const member = (budgetId: string, userId: string) =>
    `${budget(budgetId)}/budget-collaborations/${encodeURIComponent(userId)}`
  const invitation = (token: string) => `/api/invitations/${encodeURIComponent(token)}`
  return {
    list: (budgetId, withInvitations, signal) =>
      attempt(async () => {
        const api = await loadApi()
        const [members, invitations] = await Promise.all([
          api.getJson(`${budget(budgetId)}/budget-collaborations`, CollaborationList, { signal }),
          withInvitations
            ? api
                .getJson(`${budget(budgetId)}/invitations`, PendingInvitationList, { signal })
                // Ownership may have moved since the screen opened: a guest simply sees no invitations.
                .catch((error: unknown) => {
                  if (failureOf(error).code === 'owner_only') return null
                  throw error
                })
            : Promise.resolve(null),
        ])
        return { members, invitations }
      }),
    write: (budgetId, write, signal) =>
      attempt(async () => {
        const api = await loadApi()
        switch (write.kind) {
          case 'invite': {
            const created = await api.postJson(
              `${budget(budgetId)}/invitations`,
              { email: write.email, role: 'Guest', access: write.access },
              CreatedInvitation,
              { signal },
            )
            return {
              created: { id: created.id, email: write.email, url: created.url, expiresAt: created.expiresAt },
            }
          }
          case 'revoke':
            await api.deleteWithoutAnswer(
              `${budget(budgetId)}/invitations/${encodeURIComponent(write.invitationId)}`,
              { signal },
            )
            return { created: null }
          case 'remove':
          case 'leave':
            await api.deleteWithoutAnswer(member(budgetId, write.userId), { signal })
            return { created: null }
          case 'access': {
            await api.patchJson(member(budgetId, write.userId), { access: write.access }, Collaboration, {
              signal,
            })
            return { created: null }
          }
          case 'handOver':
            await api.postJson(`${member(budgetId, write.userId)}/ownership`, {}, CollaborationList, {
              signal,
            })
            return { created: null }
        }
      }),
    preview: async (token, signal) => {
      const outcome = await attempt(async () => ({
        preview: await (await loadApi()).getJson(invitation(token), InvitationPreview, { signal }),
      }))
      // A token of the wrong shape is refused by the route's schema (400): for the person it is no invitation.
      return !outcome.ok && outcome.code === null && outcome.error.status === 400
        ? { ...outcome, code: 'invitation_not_found' }
        : outcome
    },
    accept: (token, signal) =>
      attempt(async () => {
        const accepted = await (await loadApi()).postJson(
          `${invitation(token)}/accept`,
          {},
          AcceptedInvitation,
          {
            signal,
          },
        )
        return { budgetId: accepted.budgetId }
      }),
  }
}
