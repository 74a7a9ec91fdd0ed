import { describe, expect, it } from 'vitest'
import { timeOrderedUuid } from '../../../server/ledger/uuidv7.ts'

const shape = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/u

describe('minted ids (UUIDv7)', () => {
  it('carry version 7, the RFC 9562 variant and the millisecond they were made in', () => {
    const now = Date.UTC(2026, 10, 25, 12, 34, 56, 789)
    const id = timeOrderedUuid(now)
    expect(id).toMatch(shape)
    expect(Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16)).toBe(now)
  })

  it('sort by the time they were made, and never repeat (10 000, across many refills of the random pool)', () => {
    const start = Date.UTC(2026, 0, 1)
    const ids = Array.from({ length: 10_000 }, (_, index) => timeOrderedUuid(start + index))
    expect(ids.every((id) => shape.test(id))).toBe(true)
    expect([...ids].sort()).toEqual(ids)
    expect(new Set(ids).size).toBe(ids.length)
    const sameMillisecond = Array.from({ length: 1_000 }, () => timeOrderedUuid(start))
    expect(new Set(sameMillisecond).size).toBe(sameMillisecond.length)
  })
})
