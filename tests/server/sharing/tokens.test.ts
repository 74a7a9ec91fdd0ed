import { describe, expect, it } from 'vitest'
import { expiryOf, hashToken, invitationState, mintToken } from '../../../server/sharing/tokens.ts'

const now = new Date('2026-11-27T12:00:00.000Z')
const pending = { expiresAt: new Date('2026-11-28T00:00:00.000Z'), acceptedBy: null, revokedAt: null }
const expired = { ...pending, expiresAt: new Date('2026-11-27T12:00:00.000Z') }

describe('invitation links', () => {
  it('mints 43-character base64url secrets, never the same twice, and hashes them', () => {
    const [one, two] = [mintToken(), mintToken()]
    expect(one).toMatch(/^[A-Za-z0-9_-]{43}$/u)
    expect(one).not.toBe(two)
    expect(hashToken(one)).not.toBe(one)
    expect(hashToken(one)).toBe(hashToken(one))
  })

  it('expires 7 days after creation', () => {
    expect(expiryOf(now).toISOString()).toBe('2026-12-04T12:00:00.000Z')
  })

  it('is pending until it expires, at its expiry instant no longer', () => {
    expect(invitationState(pending, 'me', now)).toBe('pending')
    expect(invitationState(expired, 'me', now)).toBe('expired')
  })

  it('says revoked before anything else, and who used it before that it expired', () => {
    const at = new Date('2026-11-01T00:00:00.000Z')
    expect(invitationState({ ...expired, acceptedBy: null, revokedAt: at }, 'me', now)).toBe('revoked')
    expect(invitationState({ ...expired, acceptedBy: 'me' }, 'me', now)).toBe('used_by_you')
    expect(invitationState({ ...pending, acceptedBy: 'someone' }, 'me', now)).toBe('used')
  })
})
