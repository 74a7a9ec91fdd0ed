// `npm start`'s build step: builds the web app only when its sources differ from those of the build in dist/.
// A full build takes 25–45 s on a small machine; a restart with nothing changed should not pay for it.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(fileURLToPath(import.meta.url), '../../..')
/** Everything `vite build` reads: the page, the client's folders, the texts and the toolchain's settings. */
const inputs = [
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
  'src',
  'machines',
  'schemas',
  'domain',
  'locales',
  'public',
]
const outDir = join(root, 'dist')
const stampFile = join(outDir, '.sources-sha256')

const filesOf = (path: string): string[] => {
  if (!existsSync(path)) return []
  if (!statSync(path).isDirectory()) return [path]
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) =>
    entry.name === 'node_modules' ? [] : filesOf(join(path, entry.name)),
  )
}

/** One digest of every input's path and content: the same sources give the same build. */
export const sourcesDigest = (): string => {
  const hash = createHash('sha256')
  const files = inputs.flatMap((input) => filesOf(join(root, input))).sort()
  for (const file of files) {
    hash.update(relative(root, file).replaceAll('\\', '/'))
    hash.update('\0')
    hash.update(readFileSync(file))
    hash.update('\0')
  }
  return hash.digest('hex')
}

const builtDigest = (): string | undefined =>
  existsSync(join(outDir, 'index.html')) && existsSync(stampFile)
    ? readFileSync(stampFile, 'utf8').trim()
    : undefined

const main = () => {
  const digest = sourcesDigest()
  if (builtDigest() === digest) {
    process.stdout.write('koperta: the web app in dist/ is up to date; not rebuilding\n')
    return
  }
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js')
  const build = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) {
    process.exitCode = build.status ?? 1
    return
  }
  writeFileSync(stampFile, `${digest}\n`)
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
