import * as Schema from 'effect/Schema'
import { describe, expect, it } from 'vitest'
import { NewMemo, NewName, NewPayee } from '../../../schemas/budget.ts'
import { hasUnsafeCodeUnits } from '../../../schemas/text.ts'
import { unsafeTextErrors } from '../../../server/http/textSafety.ts'

describe('hasUnsafeCodeUnits', () => {
  it.each([
    ['a\u0000b', true],
    ['\ud800', true],
    ['a\udc00', true],
    ['\udc00\ud800', true],
    ['plain', false],
    ['Żółć 🍕', false],
    ['tab\tand\nbreaks\u0007', false],
  ])('%j → %s', (text, unsafe) => {
    expect(hasUnsafeCodeUnits(text)).toBe(unsafe)
  })
})

describe('unsafeTextErrors', () => {
  it('names every offending string by JSON Pointer, escaping ~ and /', () => {
    const errors = unsafeTextErrors({ a: ['ok', 'x\u0000'], 'b/c~d': '\ud800', ok: 1 }, '/body')
    expect(errors.map((error) => error.path)).toEqual(['/body/a/1', '/body/b~1c~0d'])
    expect(errors.every((error) => error.code === 'invalid_characters')).toBe(true)
  })

  it('names the object for a refused property name, without echoing it', () => {
    expect(unsafeTextErrors({ inner: { 'k\u0000': 1 } }, '/query')).toEqual([
      expect.objectContaining({ path: '/query/inner' }),
    ])
  })

  it('stops at 20 errors', () => {
    expect(
      unsafeTextErrors(
        Array.from({ length: 50 }, () => '\u0000'),
        '/body',
      ),
    ).toHaveLength(20)
  })

  it('walks a body nested deeper than the call stack allows', () => {
    let deep: unknown = 'a\u0000'
    for (let depth = 0; depth < 200_000; depth++) deep = [deep]
    expect(unsafeTextErrors(deep, '/body')).toHaveLength(1)
  })
})

describe('the text rules for writes (docs/api/text.md)', () => {
  const accepts = (schema: Schema.Codec<string>, text: string) => Schema.is(schema)(text)

  it('keeps names and payees on one line without control characters', () => {
    for (const schema of [NewName, NewPayee]) {
      expect(accepts(schema, 'Żabka 🍕 – sklep')).toBe(true)
      for (const bad of [
        'a\tb',
        'a\nb',
        'a\rb',
        'a\u007fb',
        'a\u0085b',
        'a\u2028b',
        'a\u0000b',
        'a\ud800b',
      ]) {
        expect(accepts(schema, bad), JSON.stringify(bad)).toBe(false)
      }
    }
  })

  it('lets memos span lines and hold tabs, but no other control character', () => {
    expect(accepts(NewMemo, 'first\r\nsecond\tcolumn\u2028')).toBe(true)
    for (const bad of ['a\u0007b', 'a\u000bb', 'a\u001bb', 'a\u009fb', 'a\u0000b', 'a\udfffb']) {
      expect(accepts(NewMemo, bad), JSON.stringify(bad)).toBe(false)
    }
  })
})
