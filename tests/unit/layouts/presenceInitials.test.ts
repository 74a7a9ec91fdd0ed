import { describe, expect, it } from 'vitest'
import { initialsOf } from '../../../src/layouts/PresenceBadges.tsx'

describe('initialsOf: the letters on a present member’s badge', () => {
  it.each([
    ['Ola', 'O'],
    ['Marek Nowak', 'MN'],
    ['anna maria kowalska', 'AM'],
    ['ola.kowalska@example.com', 'OK'],
    ['żaneta', 'Ż'],
    ['', '?'],
  ])('%j → %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials)
  })
})
