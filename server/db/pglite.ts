import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { pgliteStartParams } from './pgliteSettings.ts'

const run = promisify(execFile)
const initScript = fileURLToPath(new URL('./initPglite.ts', import.meta.url))

/** Opens (creating on first use) the PGlite cluster in `directory`. The caller must hold the DATA_DIR lock. */
export const openPglite = async (directory: string): Promise<PGlite> => {
  if (!existsSync(join(directory, 'PG_VERSION'))) {
    await run(process.execPath, [initScript, directory])
  }
  return PGlite.create(directory, { startParams: [...pgliteStartParams] })
}
