import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ConfigSchema } from '../../../server/config.ts'
import { identityVariables } from '../../../server/identity/config.ts'

// The README's configuration table is the operator's manual: it must name exactly the variables the server decodes.
describe('README configuration table', () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')
  const section = readme.slice(readme.indexOf('## Configuration'))
  const documented = [...section.matchAll(/^\| `([A-Z_]+)` *\|/gmu)].map((match) => match[1])

  it('lists every variable the server reads, and no other', () => {
    const read = [...Object.keys(ConfigSchema.fields), ...Object.keys(identityVariables)]
    expect([...documented].sort()).toEqual(read.sort())
  })
})
