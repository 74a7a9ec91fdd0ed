import { createHash, randomBytes } from 'node:crypto'
import { invitationLifetimeDays } from '../../schemas/sharing.ts'

// An invitation link's secret: 32 random bytes, base64url (43 characters). Only its SHA-256 is stored, so a copy of
// the database (a backup, a leaked dump) holds no link anyone could still use.

export const mintToken = (): string => randomBytes(32).toString('base64url')

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url')

export const invitationUrl = (publicOrigin: string, token: string): string =>
  `${publicOrigin}/invitation/${token}`

const dayMs = 86_400_000

export const expiryOf = (createdAt: Date): Date =>
  new Date(createdAt.getTime() + invitationLifetimeDays * dayMs)

/** What an invitation row says about its link, seen by `callerId` at `now`. */
export type InvitationState = 'pending' | 'revoked' | 'used' | 'used_by_you' | 'expired'

export interface InvitationFacts {
  readonly expiresAt: Date
  readonly acceptedBy: string | null
  readonly revokedAt: Date | null
}

/**
 * A revoked link says so even after it expired; a used one says who used it (the caller, or someone else) before it
 * says that it expired, so a person coming back to a link they accepted learns they are already in.
 */
export const invitationState = (facts: InvitationFacts, callerId: string, now: Date): InvitationState => {
  if (facts.revokedAt !== null) return 'revoked'
  if (facts.acceptedBy !== null) return facts.acceptedBy === callerId ? 'used_by_you' : 'used'
  if (facts.expiresAt.getTime() <= now.getTime()) return 'expired'
  return 'pending'
}
