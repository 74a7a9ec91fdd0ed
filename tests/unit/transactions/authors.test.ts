import { describe, expect, it } from 'vitest'
import type { ActivityMember } from '../../../machines/activity/index.ts'
import type { UserId } from '../../../schemas/ids.ts'
import { authorLabeller } from '../../../src/views/transactions/authors.ts'

const texts = {
  you: 'Ty',
  lineYou: 'Wprowadzone przez Ciebie',
  former: 'były członek',
  member: 'członek budżetu',
  line: (name: string) => `Wprowadzone przez: ${name}`,
}
const member = (userId: string, name: string | null): ActivityMember => ({ userId: userId as UserId, name })
const pair = [member('u-ola', 'Ola'), member('u-jan', 'jan@example.com')]

describe('authorLabeller', () => {
  it('shows no author while the budget has one member or its members are not known', () => {
    expect(authorLabeller(null, 'u-ola', texts)).toBeNull()
    expect(authorLabeller([], 'u-ola', texts)).toBeNull()
    expect(authorLabeller([member('u-ola', 'Ola')], 'u-ola', texts)).toBeNull()
  })

  it('names the other member, says "you" for the signed-in one and "former member" for one who left', () => {
    const label = authorLabeller(pair, 'u-jan', texts)
    expect(label?.('u-ola')).toEqual({ short: 'Ola', line: 'Wprowadzone przez: Ola' })
    expect(label?.('u-jan')).toEqual({ short: 'Ty', line: 'Wprowadzone przez Ciebie' })
    expect(label?.('u-gone')).toEqual({ short: 'były członek', line: 'Wprowadzone przez: były członek' })
  })

  it('shortens a member known by an e-mail address to the part before the "@" (the whole phrase keeps it)', () => {
    const label = authorLabeller(pair, 'u-ola', texts)
    expect(label?.('u-jan')).toEqual({ short: 'jan', line: 'Wprowadzone przez: jan@example.com' })
  })

  it('says nothing for a transaction older than authorship, and "a member" for an unread name', () => {
    const label = authorLabeller([...pair, member('u-anon', null)], 'u-jan', texts)
    expect(label?.(null)).toBeNull()
    expect(label?.(undefined)).toBeNull()
    expect(label?.('u-anon')?.short).toBe('członek budżetu')
  })
})
