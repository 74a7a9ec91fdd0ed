import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// docs/architecture.md is the map of the code: a section for every top-level folder, and links that lead somewhere.
describe('docs/architecture.md', () => {
  const markdown = readFileSync('docs/architecture.md', 'utf8')

  it('has a section for every top-level folder of the house', () => {
    for (const folder of ['schemas', 'domain', 'machines', 'src', 'server', 'locales', 'tests', 'docs']) {
      expect(markdown, folder).toMatch(new RegExp(`^## ${folder}/ — `, 'mu'))
    }
  })

  it('links only to records that exist', () => {
    const records = new Set(readdirSync('docs/decisions'))
    const linked = [...markdown.matchAll(/\(decisions\/([^)#]+)\)/gu)].map((match) => match[1])
    expect(linked.length).toBeGreaterThan(0)
    for (const file of linked) expect(records, file).toContain(file)
  })
})

describe('docs/decisions/', () => {
  const index = readFileSync('docs/decisions/README.md', 'utf8')
  const records = readdirSync('docs/decisions').filter((file) => /^\d{4}-.+\.md$/u.test(file))

  it('lists every record in its index, in order', () => {
    const listed = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/gu)].map((match) => match[1])
    expect(listed).toEqual([...records].sort())
  })

  it('gives every record its context, decision and consequences', () => {
    for (const file of records) {
      const text = readFileSync(`docs/decisions/${file}`, 'utf8')
      for (const heading of ['## Context', '## Decision', '## Consequences'])
        expect(text, file).toContain(heading)
    }
  })
})
