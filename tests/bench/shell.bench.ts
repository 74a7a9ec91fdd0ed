// Issue 2 benchmarks: first-screen JavaScript, server cold start, idle memory. Figures are printed, never asserted.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { gzipSync } from 'node:zlib'
import { chromium, type Page } from '@playwright/test'
import { freePort, median, printTable, rssMb, sleep, startProcess, stop, waitFor200 } from './lib.ts'

const SERVER = ['server/main.ts']
const BARE_NODE = [
  '-e',
  "require('node:http').createServer((q,s)=>s.end('ok')).listen(Number(process.env.PORT))",
]

async function coldStart(args: string[], env: Record<string, string>) {
  const port = freePort()
  const since = performance.now()
  const child = startProcess(process.execPath, args, { ...env, PORT: String(port) })
  const path = args === BARE_NODE ? '/' : '/health'
  const ms = await waitFor200(`http://localhost:${port}${path}`, since)
  await sleep(3_000) // let start-up garbage settle before reading idle memory
  const rss = rssMb(child.pid ?? 0)
  return { ms, rss, child, port }
}

async function measure(label: string, args: string[], env: Record<string, string>, rounds = 3) {
  const runs: Array<{ ms: number; rss: number }> = []
  for (let round = 0; round < rounds; round++) {
    const { ms, rss, child } = await coldStart(args, env)
    runs.push({ ms, rss })
    await stop(child)
  }
  return {
    server: label,
    'cold start → first 200 (ms, median)': Math.round(median(runs.map((run) => run.ms))),
    'idle RSS (MB, median)': Math.round(median(runs.map((run) => run.rss))),
  }
}

function postgresUrl(): { url: string; drop: () => void } | null {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, drop: () => {} }
  const db = `koperta_bench_${process.pid}`
  try {
    execFileSync(
      'psql',
      ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-qc', `create database ${db}`],
      {
        stdio: 'ignore',
      },
    )
  } catch {
    return null
  }
  const drop = () =>
    execFileSync(
      'psql',
      ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-qc', `drop database ${db} with (force)`],
      {
        stdio: 'ignore',
      },
    )
  return { url: `postgres://postgres@127.0.0.1:5432/${db}`, drop }
}

/** Registers through the embedded provider, so the measured screen is what a signed-in person opens. */
async function signIn(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}settings/subscription`)
  await page.getByRole('link', { name: 'Załóż konto' }).click()
  await page.getByLabel('Adres e-mail').fill(`bench-${Date.now()}@example.com`)
  await page.getByLabel('Hasło', { exact: true }).fill('Correct-Horse-Battery-9')
  await page.getByRole('button', { name: 'Załóż konto' }).click()
  await page.waitForURL('**/settings/subscription')
}

const gzipKb = (bodies: Iterable<Buffer>) =>
  +([...bodies].reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024).toFixed(1)

export async function firstScreenJavaScript(baseUrl: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  })
  const rows = []
  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['mobile', { width: 390, height: 844 }],
  ] as const) {
    const context = await browser.newContext({ viewport, locale: 'pl-PL' })
    await signIn(await context.newPage(), baseUrl)
    const page = await context.newPage()
    const bodies = new Map<string, Promise<Buffer>>()
    let firstScreenShown = false
    const beforeFirstScreen = new Set<string>()
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && !firstScreenShown) beforeFirstScreen.add(request.url())
    })
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return
      bodies.set(
        response.url(),
        response.body().catch(() => Buffer.alloc(0)),
      )
    })
    await page.goto(baseUrl)
    await page.getByRole('heading', { level: 1, name: 'Twoje budżety' }).waitFor()
    firstScreenShown = true
    await page.waitForLoadState('networkidle')
    const all = new Map(await Promise.all([...bodies].map(async ([url, body]) => [url, await body] as const)))
    const first = [...all].filter(([url]) => beforeFirstScreen.has(url)).map(([, body]) => body)
    const firstKb = gzipKb(first)
    if (process.env.BENCH_VERBOSE)
      for (const [url, body] of all)
        if (beforeFirstScreen.has(url)) console.log(device, url.split('/').pop(), gzipKb([body]))
    rows.push({
      device,
      'scripts before the first screen': first.length,
      'gzip KB before the first screen': firstKb,
      'scripts until idle': all.size,
      'gzip KB until idle': gzipKb(all.values()),
      'target KB': 150,
      'first screen ÷ target': +(firstKb / 150).toFixed(2),
    })
    await context.close()
  }
  await browser.close()
  return rows
}

export async function run() {
  if (!existsSync('dist/index.html')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' })
  const dataDir = mkdtempSync(join(tmpdir(), 'koperta-bench-'))
  try {
    // A first start creates and migrates the directory; the measured starts reopen it, as a restart does.
    const first = await coldStart(SERVER, { DATA_DIR: dataDir })
    const freshMs = first.ms
    await stop(first.child)

    const rows = [await measure('bare node:http (baseline)', BARE_NODE, {})]
    rows.push(await measure('Koperta on PGlite (existing DATA_DIR)', SERVER, { DATA_DIR: dataDir }))
    const postgres = postgresUrl()
    if (postgres) {
      try {
        rows.push(
          await measure('Koperta on PostgreSQL', SERVER, { DATA_DIR: dataDir, DATABASE_URL: postgres.url }),
        )
      } finally {
        postgres.drop()
      }
    }
    const [baseline] = rows
    printTable(
      'Server start and memory (targets: ≤ 1 500 ms; ≤ 300 MB PGlite; ≤ 120 MB PostgreSQL)',
      rows.map((row) => ({
        ...row,
        'start ÷ baseline': +(
          row['cold start → first 200 (ms, median)'] /
          (baseline?.['cold start → first 200 (ms, median)'] || 1)
        ).toFixed(1),
        'RSS ÷ baseline': +(
          row['idle RSS (MB, median)'] / (baseline?.['idle RSS (MB, median)'] || 1)
        ).toFixed(1),
      })),
    )
    console.log(
      `First start on an empty DATA_DIR (creates the database, runs migrations): ${Math.round(freshMs)} ms`,
    )

    const port = freePort()
    const server = startProcess(process.execPath, SERVER, { DATA_DIR: dataDir, PORT: String(port) })
    try {
      await waitFor200(`http://localhost:${port}/health`, performance.now())
      printTable(
        'JavaScript for the first screen (target ≤ 150 KB gzip)',
        await firstScreenJavaScript(`http://localhost:${port}/`),
      )
    } finally {
      await stop(server)
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
