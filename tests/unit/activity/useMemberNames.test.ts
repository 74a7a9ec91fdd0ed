import { describe, expect, it } from 'vitest'
import { UserId } from '../../../schemas/ids.ts'
import type { LoadApi } from '../../../src/api/loadApi.ts'
import { memberName, withFormer } from '../../../src/views/activity/useMemberNames.ts'

// The assignment history names an author who has left the budget as the activity feed does (issue 30): their
// account's name, "former member" only for a deleted account.

const OLA = UserId.make('ola')
const entry = (actorUserId: string, actorName: string | null) => ({
  seq: 3,
  lastSeq: 3,
  recordedAt: '2026-03-10T10:00:00.000Z',
  actorUserId,
  actorName,
  kind: 'assigned',
})

/** An API answering the feed filtered by actor: `bob` left (account there), `gone` deleted; records the URLs. */
const fakeApi = (asked: string[]) =>
  (async () => ({
    getJson: async (url: string) => {
      asked.push(url)
      const actor = new URL(url, 'http://x').searchParams.get('actor')
      return { items: [entry(actor ?? '', actor === 'bob' ? 'Bob K.' : null)], nextBefore: null }
    },
  })) as unknown as LoadApi

describe('names of assignment authors', () => {
  it('reads a former member’s name from the feed, once, and leaves a deleted account unnamed', async () => {
    const asked: string[] = []
    const members = [{ userId: OLA, name: 'Ola' }]
    const named = await withFormer(fakeApi(asked), 'b1', members, ['ola', 'bob', 'gone', 'bob'])
    expect(memberName(named, 'ola', 'były członek')).toBe('Ola')
    expect(memberName(named, 'bob', 'były członek')).toBe('Bob K.')
    expect(memberName(named, 'gone', 'były członek')).toBe('były członek')
    expect(asked).toEqual([
      '/api/budget/b1/activity?actor=bob&limit=1',
      '/api/budget/b1/activity?actor=gone&limit=1',
    ])
    // Read once per budget and person.
    await withFormer(fakeApi(asked), 'b1', members, ['bob'])
    expect(asked).toHaveLength(2)
  })

  it('knows no names before the members are read', () => {
    expect(memberName(null, 'ola', 'były członek')).toBeNull()
  })
})
