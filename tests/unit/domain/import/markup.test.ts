import { describe, expect, it } from 'vitest'
import { attributeValue, decodeEntities, scanMarkup } from '../../../../domain/import/markup.ts'

const tokens = (source: string) => {
  const seen: string[] = []
  const outcome = scanMarkup(source, 0, {
    open: (name, attributes, offset) => seen.push(`<${name}${attributes}@${offset}`),
    text: (text) => seen.push(`"${text}"`),
    close: (name) => seen.push(`</${name}`),
  })
  return { outcome, seen }
}

describe('scanMarkup', () => {
  it('reports start tags with their offsets, trimmed text and end tags, without namespace prefixes', () => {
    expect(tokens('<a:Doc x="1">\n  <b> hi </b><c/></a:Doc>')).toEqual({
      outcome: 'done',
      seen: ['<Doc x="1"@0', '<b@16', '"hi"', '</b', '<c@27', '</c', '</Doc'],
    })
  })

  it('reads SGML leaves without end tags as text after a start tag', () => {
    expect(tokens('<OFX><NAME>Jan & Syn\n<MEMO>x\n</OFX>').seen).toEqual([
      '<OFX@0',
      '<NAME@5',
      '"Jan & Syn"',
      '<MEMO@21',
      '"x"',
      '</OFX',
    ])
  })

  it('skips comments, processing instructions and declarations; reads CDATA as text', () => {
    expect(tokens('<?xml version="1.0"?><!-- a <b> --><a><![CDATA[ <x> & ]]></a>').seen).toEqual([
      '<a@35',
      '"<x> &"',
      '</a',
    ])
  })

  it('hands over only the text the reader wants', () => {
    const seen: string[] = []
    let inside = ''
    scanMarkup('<a>skip</a><b>keep</b>', 0, {
      open: (name) => {
        inside = name
      },
      text: (text) => seen.push(text),
      close: () => {},
      wantsText: () => inside === 'b',
    })
    expect(seen).toEqual(['keep'])
  })

  it('keeps a < that starts no tag as text', () => {
    expect(tokens('<a>1 < 2</a>').seen).toEqual(['<a@0', '"1 < 2"', '</a'])
  })

  it('stops at a document type declaration and at an unclosed tag', () => {
    expect(tokens('<!DOCTYPE x [<!ENTITY e "e">]><x>&e;</x>')).toEqual({ outcome: 'doctype', seen: [] })
    expect(tokens('<!doctype x><x/>').outcome).toBe('doctype')
    expect(tokens('<a><b').outcome).toBe('unterminated')
    expect(tokens('<a><!-- no end').outcome).toBe('unterminated')
  })

  it('nests a hundred thousand elements without recursion', () => {
    const depth = 100_000
    const { outcome, seen } = tokens(`${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}`)
    expect(outcome).toBe('done')
    expect(seen).toHaveLength(2 * depth)
  })
})

describe('decodeEntities', () => {
  it('decodes the predefined entities and character references, nothing else', () => {
    expect(decodeEntities('&lt;&gt;&amp;&quot;&apos; &#261;&#x119; &nbsp; &e; &#0; &#xD800; &amp;lt;')).toBe(
      `<>&"' ąę &nbsp; &e; &#0; &#xD800; &lt;`,
    )
  })
})

describe('attributeValue', () => {
  it('finds an attribute by name, quoted either way, prefixed or not', () => {
    expect(attributeValue(' Ccy="PLN"', 'Ccy')).toBe('PLN')
    expect(attributeValue(" xCcy='X' Ccy='EUR'", 'Ccy')).toBe('EUR')
    expect(attributeValue(' n:Ccy = "A&amp;B"', 'Ccy')).toBe('A&B')
    expect(attributeValue(' Other="1"', 'Ccy')).toBeNull()
  })
})
