// `node server/scripts/openapi.ts [out]`: writes the OpenAPI document generated from the route schemas.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { apiDocument } from '../routes/index.ts'

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url))
const target = resolve(process.argv[2] ?? resolve(repositoryRoot, 'docs/api/openapi.json'))
mkdirSync(dirname(target), { recursive: true })
writeFileSync(target, `${JSON.stringify(apiDocument(), null, 2)}\n`)
process.stdout.write(`wrote ${target}\n`)
