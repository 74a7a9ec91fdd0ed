// Run as a child process: `node server/db/initPglite.ts <dir>`. Creating a PGlite cluster (initdb)
// leaves ~400 MB of memory behind in the process that did it, so the server delegates it here.
import { PGlite } from '@electric-sql/pglite'
import { pgliteStartParams } from './pgliteSettings.ts'

const directory = process.argv[2]
if (directory === undefined) {
  process.stderr.write('usage: node server/db/initPglite.ts <directory>\n')
  process.exit(2)
}
const pglite = await PGlite.create(directory, { startParams: [...pgliteStartParams] })
await pglite.close()
