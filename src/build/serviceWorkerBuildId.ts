import { randomUUID } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Plugin } from 'vite'

const PLACEHOLDER = '__KOPERTA_BUILD_ID__'

/**
 * Vite plugin: stamps a fresh build id into dist/sw.js (copied from public/sw.js), so every build
 * ships a byte-different worker and browsers notice the new version (SPEC §7: reload on update).
 * The lead registers it in vite.config.ts: `plugins: [react(), serviceWorkerBuildId()]`.
 */
export const serviceWorkerBuildId = (buildId = `${new Date().toISOString()} ${randomUUID()}`): Plugin => ({
  name: 'koperta:service-worker-build-id',
  apply: 'build',
  async writeBundle(output) {
    if (output.dir === undefined) return
    const file = join(output.dir, 'sw.js')
    const source = await readFile(file, 'utf8')
    if (!source.includes(PLACEHOLDER)) throw new Error(`${file} lacks the ${PLACEHOLDER} placeholder`)
    await writeFile(file, source.replaceAll(PLACEHOLDER, buildId))
  },
})
