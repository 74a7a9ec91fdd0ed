import { closeSync, mkdirSync, openSync, readFileSync, rmSync, unlinkSync, writeSync } from 'node:fs'
import { join } from 'node:path'

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError'
}

export interface DataDirLock {
  readonly path: string
  release(): void
}

const isProcessAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return error instanceof Error && 'code' in error && error.code === 'EPERM'
  }
}

const readOwnerPid = (path: string): number | undefined => {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10)
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

/** Locks this process holds: a lock naming our own pid but absent here was left by an earlier process
 * that had the same pid (a container's pid 1 after a restart), so it is stale. */
const heldByThisProcess = new Set<string>()

const isAlreadyExists = (error: unknown): boolean =>
  error instanceof Error && 'code' in error && error.code === 'EEXIST'

/**
 * PGlite corrupts a directory that two processes open, so one process at a time owns DATA_DIR.
 * The lock file holds the owner's pid; a lock left by a dead process is taken over.
 */
export const acquireDataDirLock = (dataDir: string): DataDirLock => {
  mkdirSync(dataDir, { recursive: true })
  const path = join(dataDir, 'koperta.lock')
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(path, 'wx')
      writeSync(fd, `${process.pid}\n`)
      closeSync(fd)
      heldByThisProcess.add(path)
      let released = false
      return {
        path,
        release: () => {
          if (released) return
          released = true
          heldByThisProcess.delete(path)
          if (readOwnerPid(path) === process.pid) unlinkSync(path)
        },
      }
    } catch (error) {
      if (!isAlreadyExists(error)) throw error
      const owner = readOwnerPid(path)
      const ownerIsUs = owner === process.pid
      if (owner !== undefined && (ownerIsUs ? heldByThisProcess.has(path) : isProcessAlive(owner))) {
        throw new DataDirLockedError(
          `DATA_DIR ${dataDir} is in use by process ${owner} (lock file ${path}). ` +
            'Stop that server first, or give this one another DATA_DIR.',
        )
      }
      // Stale or unreadable lock: its owner is gone, so remove it and try once more.
      rmSync(path, { force: true })
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${path}: another process took it at the same moment.`)
}
