import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** What is worth compressing: text the browser fetches (source maps are fetched only by developer tools). */
const compressible = /\.(?:js|css|html|svg|json|webmanifest)$/

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file under `dir` where they are smaller than the file. Small
 * files too: the server streams files, and would otherwise compress a small one on every request.
 */
export const precompressDirectory = async (dir: string): Promise<void> => {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && compressible.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
  await Promise.all(
    files.map(async (file) => {
      const source = await readFile(file)
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzipped(source, { level: 9 }),
      ])
      const smaller = (bytes: Buffer, name: string) =>
        bytes.length < source.length ? writeFile(name, bytes) : undefined
      await Promise.all([smaller(br, `${file}.br`), smaller(gz, `${file}.gz`)])
    }),
  )
}

/**
 * Vite plugin: writes `<file>.br` (brotli at its best quality, 11) and `<file>.gz` (gzip 9) beside every built text
 * file, which the server sends as they are (`@fastify/static`'s `preCompressed`). The files never change after the
 * build, so they are compressed once at the highest settings instead of on every request at fast ones: smaller
 * files than the server's own quality would give, and no compression work per request (docs/performance.md).
 */
export const precompressAssets = (): Plugin => {
  let outDir = 'dist'
  return {
    name: 'koperta:precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    // After every plugin's writeBundle (the service worker's build id is stamped there).
    closeBundle: () => precompressDirectory(outDir),
  }
}
