// Issue 31 §3: the statistics screen interactive in ≤ 1 s on a 4× throttled phone at 100 000 transactions. Printed
// beside the budget view measured the same way in the same run (its baseline), never asserted.
// - statistics interactive: from the press on "Statystyki" in the month view until the Spending report's table and
//   chart are on screen with figures and the period control is enabled;
// - Month → Year: from the press on "Rok" until the year's figures are on screen (no longer loading);
// - desktop 1280×800, and 390×844 with the CPU slowed 4× (CDP).
// The budget is screens.bench.ts's (150 categories, 4 accounts, 10 years, splits and transfers), its ten years ending
// with this month: the screen opens on the current month. BENCH_STATISTICS_SCREEN_SIZE picks another size,
// BENCH_STATISTICS_SCREEN_RUNS the runs per viewport (default 4: the first apart, it fetches and compiles the screen's
// code, then the median of the rest), BENCH_STATISTICS_SCREEN_PROFILE a folder for one more, profiled, phone run.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, CDPSession, Locator, Page } from '@playwright/test'
import { periodOf, startEndingIn, years } from './budgetData.ts'
import { median, printTable } from './lib.ts'
import { launchChromium, signIn, withLoadedBudget } from './screens.bench.ts'

const SIZE = Number(process.env.BENCH_STATISTICS_SCREEN_SIZE ?? 100_000)
const RUNS = Number(process.env.BENCH_STATISTICS_SCREEN_RUNS ?? 4)
const TIMEOUT = 120_000
/** A folder: one more phone run, traced and CPU-profiled, its files written there and its trace summed up. */
const PROFILE = process.env.BENCH_STATISTICS_SCREEN_PROFILE

// What the screen says (locales/screens/statistics.pl.json, locales/pl.json): the bench finds it by role and name.
const TEXTS = {
  statistics: 'Statystyki',
  menu: 'Menu',
  spending: 'Wydatki',
  loading: 'Wczytywanie statystyk…',
  previous: { Month: 'Poprzedni miesiąc', Year: 'Poprzedni rok' },
  year: 'Rok',
} as const

/** What "on screen" means for a step, checked inside the page after every DOM change. */
type Wanted =
  | { readonly kind: 'budget' }
  | {
      readonly kind: 'spending'
      /** The report's table and chart are named `Wydatki: <period>`; null: any period. */
      readonly period: string | null
      readonly title: string
      readonly loading: string
      readonly previous: string
    }

/**
 * Marks `bench:shown` (as a performance mark, so nothing global is added to the page) at the first DOM change after
 * which `wanted` holds, and `bench:painted` once the frame with it has been produced (the next animation frame, then
 * a task). Roles and names are read from the DOM's ARIA (role, aria-label, aria-labelledby, a table's caption):
 * enough for this screen, and checked against Playwright's own role queries after each step.
 */
const watchInPage = (wanted: Wanted) => {
  const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/gu, ' ').trim()
  const nameOf = (element: Element) => {
    const labelledBy = element.getAttribute('aria-labelledby')
    if (labelledBy !== null)
      return labelledBy
        .split(/\s+/u)
        .map((id) => text(document.getElementById(id)))
        .join(' ')
        .trim()
    const label = element.getAttribute('aria-label')
    if (label !== null) return label.trim()
    if (element.tagName === 'TABLE') return text(element.querySelector(':scope > caption'))
    return text(element)
  }
  const named = (selector: string, test: (name: string) => boolean) =>
    [...document.querySelectorAll(selector)].filter((element) => test(nameOf(element)))
  const holds = (): boolean => {
    if (wanted.kind === 'budget') return document.querySelector('[data-testid="ready-to-assign"]') !== null
    const { period, title, loading, previous } = wanted
    const isReport = (name: string) =>
      period === null ? name.startsWith(`${title}: `) : name === `${title}: ${period}`
    // Cheapest first: this runs after every DOM change while the month view is torn down.
    const table = () =>
      named('table, [role="table"], [role="grid"]', isReport).some(
        (element) => element.querySelectorAll('tr, [role="row"]').length > 1,
      )
    const chart = () =>
      named('[role="group"], [role="figure"], [role="img"]', isReport).some(
        (element) => element.querySelector('[role="img"]') !== null,
      )
    const loaded = () =>
      named('[role="status"], [role="progressbar"]', (name) => name.includes(loading)).length === 0
    const stepper = () =>
      named('button, [role="button"]', (name) => name === previous).some(
        (element) => !element.hasAttribute('disabled') && element.getAttribute('aria-disabled') !== 'true',
      )
    return table() && chart() && loaded() && stepper()
  }
  const shown = () => {
    performance.mark('bench:shown')
    requestAnimationFrame(() => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => performance.mark('bench:painted')
      channel.port2.postMessage(null)
    })
  }
  performance.clearMarks('bench:start')
  performance.clearMarks('bench:shown')
  performance.clearMarks('bench:painted')
  // The press that starts the step: its event's time, not when the bench saw it.
  if (wanted.kind === 'spending')
    document.addEventListener(
      'pointerdown',
      (event) => performance.mark('bench:start', { startTime: event.timeStamp }),
      { capture: true, once: true },
    )
  if (holds()) throw new Error('the step holds before it started')
  const observer = new MutationObserver(() => {
    if (!holds()) return
    observer.disconnect()
    shown()
  })
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
}

/** Milliseconds from `bench:start` (or the navigation's start) until the frame with the step was produced. */
const markedMs = async (page: Page, from: 'navigation' | 'press') => {
  await page.waitForFunction(() => performance.getEntriesByName('bench:painted').length > 0, null, {
    timeout: TIMEOUT,
  })
  return page.evaluate((from) => {
    const at = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN
    const start = from === 'navigation' ? 0 : at('bench:start')
    return { shown: at('bench:shown') - start, painted: at('bench:painted') - start }
  }, from)
}

/** Resolves once the page has had two idle periods of 50 ms in a row: what it was doing has finished. */
const settle = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let quiet = 0
        const check = (deadline: IdleDeadline) => {
          quiet = deadline.timeRemaining() >= 49 ? quiet + 1 : 0
          if (quiet >= 2) resolve()
          else requestIdleCallback(check)
        }
        requestIdleCallback(check)
      }),
  )

type Run = { budget: number; statistics: number; year: number; bars: number }
type Marked = Awaited<ReturnType<typeof markedMs>>
/** Runs a timed step (the press and the wait for its mark); the profiling run wraps it in a trace. */
type Around = (name: 'statistics' | 'year', step: () => Promise<Marked>) => Promise<Marked>

/**
 * One run: the month view loaded afresh (the baseline), then to the statistics screen the way a person goes (the
 * side navigation's link; on a phone the menu), then Month → Year.
 */
const oneRun = async (
  page: Page,
  budgetUrl: string,
  mobile: boolean,
  thisYear: string,
  around: Around = (_, step) => step(),
): Promise<Run> => {
  await page.goto(budgetUrl)
  await page.getByTestId('ready-to-assign').waitFor({ timeout: TIMEOUT })
  const budget = await markedMs(page, 'navigation')
  await settle(page)

  let target: Locator = page.getByRole('link', { name: TEXTS.statistics })
  if (mobile) {
    await page.getByRole('button', { name: TEXTS.menu }).click()
    target = page.getByRole('menuitem', { name: TEXTS.statistics })
  }
  await target.waitFor()
  const spending = {
    kind: 'spending',
    title: TEXTS.spending,
    loading: TEXTS.loading,
  } as const
  await page.evaluate(watchInPage, { ...spending, period: null, previous: TEXTS.previous.Month })
  const statistics = await around('statistics', async () => {
    await target.click()
    return markedMs(page, 'press')
  })
  // The same state through Playwright's role queries: the in-page check did not stop early or on something else.
  const chart = page.getByRole('group', { name: new RegExp(`^${TEXTS.spending}: `, 'u') })
  await page.getByRole('table', { name: new RegExp(`^${TEXTS.spending}: `, 'u') }).waitFor()
  const bars = await chart.getByRole('img').count()
  if (bars === 0) throw new Error('the spending chart has no bars: no figures this month')
  await settle(page)

  await page.evaluate(watchInPage, { ...spending, period: thisYear, previous: TEXTS.previous.Year })
  const year = await around('year', async () => {
    await page.getByRole('radio', { name: TEXTS.year }).click()
    return markedMs(page, 'press')
  })
  await page.getByRole('table', { name: `${TEXTS.spending}: ${thisYear}` }).waitFor()
  await page.getByRole('button', { name: TEXTS.previous.Year }).waitFor()
  return { budget: budget.painted, statistics: statistics.painted, year: year.painted, bars }
}

const withWatch = async (context: BrowserContext) => {
  // Every document the context opens marks when the month view's Ready to Assign is first in the DOM.
  await context.addInitScript(watchInPage, { kind: 'budget' } satisfies Wanted)
  return context.newPage()
}

type TraceEvent = {
  readonly name: string
  readonly ph: string
  readonly ts: number
  readonly dur?: number
  readonly pid: number
  readonly tid: number
  readonly args?: {
    readonly name?: string
    readonly data?: { readonly type?: string; readonly url?: string; readonly requestId?: string }
  }
}

/**
 * Where the renderer's main thread spent a step: from the pointerdown's dispatch to the `bench:painted` mark, the
 * self time of each trace event by name (the largest ones), the time the thread was idle (waiting for the network,
 * mostly), and the requests that were in flight.
 */
const traceSummary = (events: ReadonlyArray<TraceEvent>) => {
  const painted = events.find((event) => event.name === 'bench:painted')
  if (painted === undefined) throw new Error('no bench:painted mark in the trace')
  const onMain = (event: TraceEvent) => event.pid === painted.pid && event.tid === painted.tid
  const start =
    events.find(
      (event) => onMain(event) && event.name === 'EventDispatch' && event.args?.data?.type === 'pointerdown',
    )?.ts ?? Number.NaN
  const end = painted.ts
  const slices = events
    .filter((event) => onMain(event) && event.ph === 'X' && event.dur !== undefined && event.ts < end)
    .map((event) => ({
      name: event.name,
      from: Math.max(start, event.ts),
      to: Math.min(end, event.ts + (event.dur ?? 0)),
    }))
    .filter((slice) => slice.to > slice.from)
    .sort((a, b) => a.from - b.from || b.to - a.to)
  const self = new Map<string, number>()
  // Slices of one thread nest: an open slice that ends before the next one starts is done.
  const stack: Array<{ name: string; to: number }> = []
  let busy = 0
  for (const slice of slices) {
    while ((stack.at(-1)?.to ?? Number.POSITIVE_INFINITY) <= slice.from) stack.pop()
    const parent = stack.at(-1)
    if (parent === undefined) busy += slice.to - slice.from
    else self.set(parent.name, (self.get(parent.name) ?? 0) - (slice.to - slice.from))
    self.set(slice.name, (self.get(slice.name) ?? 0) + (slice.to - slice.from))
    stack.push({ name: slice.name, to: slice.to })
  }
  const ms = (microseconds: number) => Math.round(microseconds / 1000)
  const requests = new Map<string, { url: string; from: number; to: number }>()
  for (const event of events) {
    const data = event.args?.data
    if (data?.requestId === undefined) continue
    if (event.name === 'ResourceSendRequest' && data.url !== undefined)
      requests.set(data.requestId, { url: data.url, from: event.ts, to: Number.NaN })
    const request = requests.get(data.requestId)
    if (event.name === 'ResourceFinish' && request !== undefined) request.to = event.ts
  }
  return {
    window: ms(end - start),
    busy: ms(busy),
    idle: ms(end - start - busy),
    top: [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([name, time]) => `${name} ${ms(time)}`),
    requests: [...requests.values()]
      .filter((request) => request.from < end && !(request.to < start))
      .map(
        (request) =>
          `${new URL(request.url).pathname.replace(/^.*\/assets\//u, 'assets/')} ${ms(request.from - start)}→${ms(request.to - start)}`,
      ),
  }
}

/** One more phone run with each step traced (Chromium's timeline) and CPU-profiled (V8, 200 µs samples). */
const profiledRun = async (
  browser: Browser,
  page: Page,
  cdp: CDPSession,
  budgetUrl: string,
  thisYear: string,
  folder: string,
) => {
  mkdirSync(folder, { recursive: true })
  const rows: Array<Record<string, string | number>> = []
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await oneRun(page, budgetUrl, true, thisYear, async (name, step) => {
    await browser.startTracing(page, {
      categories: [
        'toplevel',
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
        'v8.execute',
        'loading',
      ],
    })
    await cdp.send('Profiler.start')
    const marked = await step()
    const { profile } = await cdp.send('Profiler.stop')
    const trace = await browser.stopTracing()
    writeFileSync(join(folder, `${name}.cpuprofile`), JSON.stringify(profile))
    writeFileSync(join(folder, `${name}.trace.json`), trace)
    const parsed: { traceEvents: TraceEvent[] } = JSON.parse(trace.toString('utf8'))
    const summary = traceSummary(parsed.traceEvents)
    rows.push({
      step: name,
      'painted (ms)': Math.round(marked.painted),
      'traced window (ms)': summary.window,
      'main thread busy (ms)': summary.busy,
      'idle (ms)': summary.idle,
    })
    console.log(`\n${name}: main thread self time by event (ms): ${summary.top.join(', ')}`)
    console.log(`${name}: requests in flight (ms from the press): ${summary.requests.join('; ')}`)
    return marked
  })
  printTable(`Profiled phone run (files in ${folder})`, rows)
}

const viewportFigures = async (page: Page, budgetUrl: string, mobile: boolean, thisYear: string) => {
  const runs: Run[] = []
  for (let run = 0; run < RUNS; run++) runs.push(await oneRun(page, budgetUrl, mobile, thisYear))
  const [first, ...rest] = runs
  const figure = (pick: (run: Run) => number) =>
    `${first === undefined ? '—' : Math.round(pick(first))} / ${rest.length === 0 ? '—' : Math.round(median(rest.map(pick)))}`
  return {
    viewport: mobile ? '390×844, CPU 4× slower' : '1280×800',
    'baseline: month view interactive (ms, first / median of the rest)': figure((run) => run.budget),
    '→ statistics interactive (ms, first / median of the rest)': figure((run) => run.statistics),
    'Month → Year figures shown (ms, first / median of the rest)': figure((run) => run.year),
    'bars in the chart': runs[0]?.bars ?? 0,
  }
}

const figures = async (
  browser: Browser,
  appUrl: string,
  email: string,
  budgetUrl: string,
  thisYear: string,
) => {
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pl-PL' })
  const mobile = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pl-PL' })
  try {
    const page = await withWatch(desktop)
    await signIn(page, appUrl, email)
    const rows = [await viewportFigures(page, budgetUrl, false, thisYear)]
    await mobile.addCookies(await desktop.cookies())
    const phone = await withWatch(mobile)
    const cdp = await mobile.newCDPSession(phone)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    rows.push(await viewportFigures(phone, budgetUrl, true, thisYear))
    if (PROFILE !== undefined) await profiledRun(browser, phone, cdp, budgetUrl, thisYear, PROFILE)
    return rows
  } finally {
    await mobile.close()
    await desktop.close()
  }
}

export async function run(): Promise<void> {
  const now = new Date()
  const thisMonth = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}`
  const start = startEndingIn(thisMonth)
  await withLoadedBudget(SIZE, start, async ({ appUrl, email, budgetId, loadSeconds }) => {
    const budgetUrl = `${appUrl}/budget/${budgetId}/period/${periodOf(years * 12 - 1, start)}`
    const browser = await launchChromium()
    try {
      const rows = await figures(browser, appUrl, email, budgetUrl, thisMonth.slice(0, 4))
      // Printed last so it is not lost above the profile's lines.
      printTable(
        `Statistics screen, ${SIZE.toLocaleString('en')} transactions over ${years * 12} months ending ${thisMonth} (bulk load ${Math.round(loadSeconds)} s; target: ≤ 1 000 ms on the phone)`,
        rows,
      )
    } finally {
      await browser.close()
    }
  })
}
