// Shared helpers for the benchmarks: start a server process, wait for health, read its memory.
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import pg from 'pg'

/** The PostgreSQL a bench uses when DATABASE_URL is unset and one answers here (CI's machine has one). */
export const localPostgres = 'postgres://postgres@127.0.0.1:5432/postgres'

export const postgresReachable = async (url: string): Promise<boolean> => {
  const probe = new pg.Client({ connectionString: url })
  try {
    await probe.connect()
    await probe.end()
    return true
  } catch {
    return false
  }
}

export type Started = { process: ChildProcess; startMs: number; url: string }

export const freePort = (() => {
  let next = 18_000 + Math.floor(Math.random() * 2_000)
  return () => next++
})()

export function startProcess(command: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(command, args, {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

/** Polls `url` until it answers 200; returns the milliseconds since `since`. */
export async function waitFor200(url: string, since: number, timeoutMs = 60_000): Promise<number> {
  while (performance.now() - since < timeoutMs) {
    try {
      const answer = await fetch(url, { headers: { accept: 'application/json' } })
      if (answer.status === 200) return performance.now() - since
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`)
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

/** Resident set size of a process in MB, from /proc (Linux). */
const statusMb = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN)
  return kb / 1024
}

export function rssMb(pid: number): number {
  return statusMb(pid, 'VmRSS')
}

/**
 * RSS once it has settled: read every 250 ms until four readings in a row lie within 2 MB (at most `timeoutMs`).
 * A fixed wait read PGlite's start-up peak on a slower machine, whose V8 took ~1.5 s instead of ~0.3 to finish it.
 */
export async function settledRssMb(pid: number, timeoutMs = 15_000): Promise<number> {
  const readings: number[] = []
  const since = performance.now()
  for (;;) {
    readings.push(rssMb(pid))
    const last = readings.slice(-4)
    if (last.length === 4 && Math.max(...last) - Math.min(...last) <= 2) return last[3] ?? Number.NaN
    if (performance.now() - since > timeoutMs) return readings.at(-1) ?? Number.NaN
    await sleep(250)
  }
}

/** The process's highest RSS so far (the kernel's high-water mark). */
export function peakRssMb(pid: number): number {
  return statusMb(pid, 'VmHWM')
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function printTable(title: string, rows: Array<Record<string, string | number>>): void {
  console.log(`\n## ${title}`)
  console.table(rows)
}
