// Issue 5 benchmarks: the budgeting screens on a 100 000-transaction budget in Chromium. Printed, never asserted.
// - loading the budget as the app does (events → Effect Schema decoding → domain replay), measured in Node too;
// - budget view interactive after sign-in (desktop; mobile with 4× CPU throttling);
// - one inline assignment until Ready to Assign shows the new amount (scripting time);
// - frames while scrolling the transaction list.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { type Browser, chromium, type Page } from '@playwright/test'
import * as Schema from 'effect/Schema'
import { fromSnapshot } from '../../domain/snapshot.ts'
import { stateFromEvents } from '../../machines/openBudget/index.ts'
import type { BudgetEvent } from '../../schemas/budgetEvents.ts'
import { BudgetStateAnswer } from '../../schemas/budgetSnapshot.ts'
import { EventPage } from '../../schemas/ledgerApi.ts'
import {
  type Budget,
  client,
  createBudget,
  defaultStart,
  loadTransactions,
  periodOf,
  startServer,
  years,
} from './budgetData.ts'
import { median, printTable, stop } from './lib.ts'

const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking']
const SIZE = Number(process.env.BENCH_SCREENS_SIZE ?? 100_000)
const PASSWORD = 'Correct-Horse-Battery-9'
const round = (value: number, digits = 1) => Number(value.toFixed(digits))

/** Loading by replaying every event (the first design) against loading the state snapshot (what the app does). */
const loadLikeTheApp = async (baseUrl: string, token: string, base: string) => {
  let fetchMs = 0
  let decodeMs = 0
  const events: Array<{ seq: number; commandId: null; event: typeof BudgetEvent.Type }> = []
  for (;;) {
    const after = events.at(-1)?.seq ?? 0
    let started = performance.now()
    const response = await fetch(`${baseUrl}${base}/events?after=${after}&limit=10000`, {
      headers: { authorization: `Bearer ${token}` },
    })
    const body: unknown = await response.json()
    fetchMs += performance.now() - started
    started = performance.now()
    const page = Schema.decodeUnknownSync(EventPage)(body)
    decodeMs += performance.now() - started
    for (const stored of page.events) events.push({ seq: stored.seq, commandId: null, event: stored.data })
    if (page.events.length < 10_000) break
  }
  let started = performance.now()
  stateFromEvents(events)
  const replayMs = performance.now() - started
  // What the app does today: one state snapshot.
  started = performance.now()
  const response = await fetch(`${baseUrl}${base}/state`, { headers: { authorization: `Bearer ${token}` } })
  const body: unknown = await response.json()
  const snapshotFetchMs = performance.now() - started
  started = performance.now()
  const answer = Schema.decodeUnknownSync(BudgetStateAnswer)(body)
  const snapshotDecodeMs = performance.now() - started
  started = performance.now()
  fromSnapshot(answer.state)
  const snapshotBuildMs = performance.now() - started
  return {
    events: events.length,
    fetchMs,
    decodeMs,
    replayMs,
    snapshotFetchMs,
    snapshotDecodeMs,
    snapshotBuildMs,
  }
}

export const signIn = async (page: Page, baseUrl: string, email: string) => {
  await page.goto(`${baseUrl}/budgets`)
  await page.getByLabel('Adres e-mail').fill(email)
  await page.getByLabel('Hasło', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Zaloguj się' }).click()
  await page.waitForURL('**/budgets')
}

/** Milliseconds from navigation start until Ready to Assign is on screen. */
const timeToBudget = async (page: Page, url: string) => {
  await page.goto(url)
  await page.getByTestId('ready-to-assign').waitFor({ timeout: 60_000 })
  return page.evaluate(() => performance.now())
}

/**
 * Inline assignments, each from the Enter that commits it until Ready to Assign shows the new amount: the work the
 * page does in between (domain decide + evolve, selectors, React render and commit), measured inside the page.
 * The first one after a load runs that code for the first time (V8 compiles and tiers it up then), so it is
 * reported on its own beside the median and the maximum of ten.
 */
const assignmentLatency = async (page: Page) => {
  const times: number[] = []
  for (let round = 1; round <= 10; round++) {
    const field = page.getByLabel('Przydzielono: C1.0', { exact: true })
    await field.fill(`${round * 10},00`)
    const waiting = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const rta = document.querySelector('[data-testid="ready-to-assign"]')
          const input = document.activeElement
          if (rta === null || input === null) throw new Error('no Ready to Assign or no focused field')
          let started = 0
          input.addEventListener(
            'keydown',
            () => {
              started = performance.now()
            },
            { capture: true, once: true },
          )
          const observer = new MutationObserver(() => {
            observer.disconnect()
            resolve(performance.now() - started)
          })
          observer.observe(rta, { characterData: true, childList: true, subtree: true })
        }),
    )
    await field.press('Enter')
    times.push(await waiting)
  }
  return times
}

/** Scrolls the transaction list for 3 s, 240 px a frame, and reports the frame times the page saw. */
const scrollFrames = async (page: Page, url: string) => {
  await page.goto(url)
  await page.getByTestId('transactions-scroll').waitFor({ timeout: 60_000 })
  await page.locator('.tx-row').nth(5).waitFor()
  return page.evaluate(
    () =>
      new Promise<{ frames: number; slow: number; p95: number }>((resolve) => {
        const scroller = document.querySelector('[data-testid="transactions-scroll"]')
        if (scroller === null) throw new Error('no transaction list')
        const deltas: number[] = []
        const until = performance.now() + 3_000
        let last = performance.now()
        const frame = (now: number) => {
          deltas.push(now - last)
          last = now
          scroller.scrollTop += 240
          if (now < until) requestAnimationFrame(frame)
          else {
            const sorted = [...deltas].sort((a, b) => a - b)
            resolve({
              frames: deltas.length,
              slow: deltas.filter((delta) => delta > 33).length,
              p95: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
            })
          }
        }
        requestAnimationFrame(frame)
      }),
  )
}

const screenFigures = async (browser: Browser, baseUrl: string, email: string, budgetUrl: string) => {
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pl-PL' })
  const page = await desktop.newPage()
  await signIn(page, baseUrl, email)
  const desktopMs = [] as number[]
  for (let run = 0; run < 3; run++) desktopMs.push(await timeToBudget(page, budgetUrl))

  const assignments = await assignmentLatency(page)
  const scrolling = await scrollFrames(page, `${budgetUrl}?view=transactions`)

  const mobile = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pl-PL' })
  await mobile.addCookies(await desktop.cookies())
  const phone = await mobile.newPage()
  const cdp = await mobile.newCDPSession(phone)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  const mobileMs = [] as number[]
  for (let run = 0; run < 3; run++) mobileMs.push(await timeToBudget(phone, budgetUrl))
  await mobile.close()
  await desktop.close()
  return {
    'budget view interactive, desktop (ms, median of 3)': Math.round(desktopMs.sort((a, b) => a - b)[1] ?? 0),
    'budget view interactive, mobile 4× CPU (ms, median of 3)': Math.round(
      mobileMs.sort((a, b) => a - b)[1] ?? 0,
    ),
    'assignment → Ready to Assign updated (ms, first / median / max of 10)': `${round(assignments[0] ?? 0)} / ${round(median(assignments))} / ${round(Math.max(...assignments))}`,
    'scrolling 100 000 rows: frames / slower than 33 ms / p95 frame (ms)': `${scrolling.frames} / ${scrolling.slow} / ${round(scrolling.p95)}`,
  }
}

type LighthouseReport = NonNullable<Awaited<ReturnType<typeof import('lighthouse')['default']>>>['lhr']

/**
 * Lighthouse's mobile performance score of the budget route, signed in: Chromium runs with a debugging port and a
 * profile the bench signed in with; Lighthouse opens the route in that browser and keeps its cookies. One run's
 * score swings by several points, so it runs three times and reports the median run (as Lighthouse advises); a run
 * that Lighthouse itself reports as broken (`runtimeError`, e.g. NO_NAVSTART) is run again.
 */
export const lighthouseScore = async (baseUrl: string, email: string, budgetUrl: string, runs = 3) => {
  const { default: lighthouse } = await import('lighthouse')
  const profile = mkdtempSync(join(tmpdir(), 'koperta-bench-lighthouse-'))
  const debuggingPort = 9_300 + Math.floor(Math.random() * 500)
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...chromiumArgs, `--remote-debugging-port=${debuggingPort}`],
    locale: 'pl-PL',
  })
  try {
    await signIn(await context.newPage(), baseUrl, email)
    const results: LighthouseReport[] = []
    for (let attempt = 0; results.length < runs && attempt < runs * 2; attempt++) {
      const result = await lighthouse(budgetUrl, {
        port: debuggingPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        formFactor: 'mobile',
        // The signed-in session lives in cookies: keep them.
        disableStorageReset: true,
      })
      if (result === undefined || result.lhr.runtimeError !== undefined) continue
      // The whole report, for looking into what the score is made of.
      if (process.env.BENCH_LIGHTHOUSE_REPORT)
        writeFileSync(
          `${process.env.BENCH_LIGHTHOUSE_REPORT}.${results.length}.json`,
          JSON.stringify(result.lhr),
        )
      results.push(result.lhr)
    }
    const score = (lhr: LighthouseReport) => lhr.categories.performance?.score ?? 0
    const median = [...results].sort((a, b) => score(a) - score(b))[Math.floor(results.length / 2)]
    const audits = median?.audits
    return {
      'Lighthouse mobile performance (target ≥ 95), median run': Math.round(
        (median === undefined ? 0 : score(median)) * 100,
      ),
      'scores of the runs': results.map((lhr) => Math.round(score(lhr) * 100)).join(' / '),
      'first contentful paint (ms)': Math.round(audits?.['first-contentful-paint']?.numericValue ?? 0),
      'largest contentful paint (ms)': Math.round(audits?.['largest-contentful-paint']?.numericValue ?? 0),
      'total blocking time (ms)': Math.round(audits?.['total-blocking-time']?.numericValue ?? 0),
    }
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
}

/** A signed-up user with a personal token and a generated budget of `size` transactions, on a fresh server. */
export type LoadedBudget = {
  readonly serverUrl: string
  /** The app's address as browsers use it: the embedded provider's issuer. */
  readonly appUrl: string
  readonly email: string
  readonly token: string
  readonly budget: Budget
  readonly budgetId: string
  /** Seconds the bulk load's requests took. */
  readonly loadSeconds: number
}

/**
 * Builds the app, starts a server on PGlite serving it, creates a user and loads the generated budget (its ten
 * years starting at `start`), hands all that to `use`, then stops the server and deletes its data.
 */
export const withLoadedBudget = async (
  size: number,
  start: number,
  use: (loaded: LoadedBudget) => Promise<void>,
): Promise<void> => {
  execFileSync('npm', ['run', 'build'], { stdio: 'ignore' })
  const dataDir = mkdtempSync(join(tmpdir(), 'koperta-bench-screens-'))
  const database = { dataDir, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) }
  const server = await startServer(database, { STATIC_DIR: 'dist' })
  const email = `bench-screens-${Date.now()}@example.com`
  const admin = (script: string, args: string[], input = '') =>
    execFileSync(process.execPath, [`server/identity/cli/${script}.ts`, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
      input,
    })
  try {
    admin('user', ['create', '--email', email], `${PASSWORD}\n`)
    const token = /kpt_[A-Za-z0-9_-]+/u.exec(admin('token', ['--email', email, '--name', 'bench']))?.[0] ?? ''
    const api = client(server.url, token)
    const budget = await createBudget(api, start)
    const loaded = await loadTransactions(api, budget, size)
    await use({
      serverUrl: server.url,
      appUrl: server.url.replace('127.0.0.1', 'localhost'),
      email,
      token,
      budget,
      budgetId: budget.base.split('/').at(-1) ?? '',
      loadSeconds: loaded.seconds,
    })
  } finally {
    await stop(server.child)
    await database.dispose()
  }
}

export const launchChromium = () =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs })

export async function run(): Promise<void> {
  await withLoadedBudget(
    SIZE,
    defaultStart,
    async ({ serverUrl, appUrl, email, token, budget, budgetId, loadSeconds }) => {
      const node = await loadLikeTheApp(serverUrl, token, budget.base)
      printTable(`Loading a ${SIZE.toLocaleString('en')}-transaction budget as the app does (Node, ms)`, [
        {
          events: node.events,
          'bulk load (s)': round(loadSeconds),
          'download + JSON (ms)': Math.round(node.fetchMs),
          'Effect Schema decode (ms)': Math.round(node.decodeMs),
          'domain replay (ms)': Math.round(node.replayMs),
          'state snapshot: download + JSON (ms)': Math.round(node.snapshotFetchMs),
          'snapshot decode (ms)': Math.round(node.snapshotDecodeMs),
          'snapshot → state (ms)': Math.round(node.snapshotBuildMs),
        },
      ])
      const budgetUrl = `${appUrl}/budget/${budgetId}/period/${periodOf(years * 12 - 1)}`
      const browser = await launchChromium()
      try {
        printTable('Budgeting screens (targets: interactive ≤ 1 000 ms)', [
          await screenFigures(browser, appUrl, email, budgetUrl),
        ])
      } finally {
        await browser.close()
      }
      printTable('Lighthouse, budget route, simulated mobile', [
        await lighthouseScore(appUrl, email, budgetUrl),
      ])
    },
  )
}
