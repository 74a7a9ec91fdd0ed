// Entry point: `node server/main.ts` (Node 24 strips the types).
import { existsSync, realpathSync } from 'node:fs'
import { enableCompileCache } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Two memory settings only work from a process's first instruction, so the process replaces itself once with them
 * (execve: same pid, stdio, arguments and environment); server/README.md ("Memory") has the figures and trade-off.
 * - NODE_COMPILE_CACHE: this file, too, then comes already stripped from the compile cache, so Node never loads its
 *   TypeScript stripper (SWC in WebAssembly, ~17 MB resident for the life of the process).
 * - A 16 MB young generation (2 × 8 MB semi-spaces) instead of V8's 64 MB: start-up garbage grows it to the
 *   maximum, and an idle server never shrinks it back. Costs a few per cent more CPU in allocation-heavy work.
 * - The old generation grows by half between collections, not up to 4× (V8's factor for a large heap limit): a
 *   bulk import's garbage no longer leaves ~100 MB of heap behind. No limit on the heap itself.
 */
const reexecMarker = 'KOPERTA_REEXECUTED'
const youngGenerationFlag = '--max-semi-space-size=8'
const oldGenerationGrowthFlag = '--heap-growing-percent=50'

const isEntryPoint = (): boolean => {
  const entry = process.argv[1]
  return entry !== undefined && existsSync(entry) && realpathSync(entry) === import.meta.filename
}

const shouldReexec = (): boolean =>
  typeof process.execve === 'function' &&
  process.env[reexecMarker] === undefined &&
  // A debugger would attach to the process that is about to be replaced.
  !process.execArgv.some((arg) => arg.startsWith('--inspect')) &&
  existsSync(process.execPath) &&
  isEntryPoint()

if (shouldReexec()) {
  const env: NodeJS.ProcessEnv = { ...process.env, [reexecMarker]: '1' }
  if (env.NODE_COMPILE_CACHE === undefined && env.NODE_DISABLE_COMPILE_CACHE === undefined) {
    // The directory enableCompileCache() below uses by default.
    env.NODE_COMPILE_CACHE = join(tmpdir(), 'node-compile-cache')
  }
  // glibc gives each thread that allocates (libuv's pool: files, crypto, compression) its own arena; two are plenty
  // for a server whose JavaScript runs on one thread, and idle memory keeps ~2 MB less.
  env.MALLOC_ARENA_MAX ??= '2'
  // An operator's own setting wins: command-line flags come after ours (V8 keeps a flag's last value), and one in
  // NODE_OPTIONS would lose to ours, so we add none then.
  const operatorSetYoungGeneration = (env.NODE_OPTIONS ?? '').includes('--max-semi-space-size')
  process.execve?.(
    process.execPath,
    [
      process.execPath,
      ...(operatorSetYoungGeneration ? [] : [youngGenerationFlag]),
      // Before the operator's own flags, which win (V8 keeps a flag's last value).
      oldGenerationGrowthFlag,
      ...process.execArgv,
      ...process.argv.slice(1),
    ],
    env,
  )
}
// Not inherited by the processes the server starts.
delete process.env[reexecMarker]

// The compile cache keeps V8's compiled code (and stripped TypeScript) between starts, which cuts a restart's
// module loading roughly in half; it must be on before the application's modules load, hence the dynamic import.
enableCompileCache()
await import('./start.ts')
