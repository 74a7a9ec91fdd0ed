// Shared helpers for the journeys: screenshots kept as test output, and the axe gate.
import { execFileSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, type TestInfo } from '@playwright/test'

/** Saves a full-page screenshot under test-results/screenshots (and docs/screenshots when SCREENSHOTS_DIR is set). */
export async function snap(page: Page, info: TestInfo, name: string): Promise<void> {
  await settle(page)
  const file = `${info.project.name}-${name}.png`
  const dirs = ['test-results/screenshots', process.env.SCREENSHOTS_DIR].filter((dir) => dir !== undefined)
  for (const dir of dirs) {
    mkdirSync(dir, { recursive: true })
    await page.screenshot({ path: join(dir, file), fullPage: true })
  }
}

/**
 * Waits until what is on screen is what a person sees. On a touch screen react-aria keeps a sheet with an
 * auto-focused field hidden until the on-screen keyboard has opened, or for 600 ms when none opens (as under
 * Playwright's touch emulation); entrances shorter than a second (a toast's 300 ms fade) are let finish, longer ones
 * (a toast's 5 s progress bar) are left running.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll<HTMLElement>('.modal-overlay, .modal')].every(
        (element) => element.style.opacity !== '0',
      ),
    undefined,
    { timeout: 2_000 },
  )
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => {
          const end = animation.effect?.getComputedTiming().endTime
          return typeof end === 'number' && end <= 1_000
        })
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}

/** Fails on any serious or critical axe violation, naming each rule and its first target. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // Contrast is judged on settled UI: text still fading in reads as faint.
  await settle(page)
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ') ?? ''}`)
  expect(serious).toEqual([])
}

/** pl-PL amounts as the screens show them: non-breaking spaces between thousands and before 'zł'. */
export const zl = (amount: string) => `${amount.replaceAll(' ', '\u00a0')}\u00a0zł`

/** Today (UTC) as an ISO date, and its month as a period key (YYYYMM). */
export const today = new Date().toISOString().slice(0, 10)
export const currentPeriod = today.slice(0, 4) + today.slice(5, 7)

export const PASSWORD = 'Correct-Horse-Battery-9'

export const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

/**
 * Opens `path` signed out, follows the app to the embedded provider, registers a new account there and returns once
 * the app shows `path` again. Returns the new account's e-mail.
 */
export async function registerThrough(
  page: Page,
  path: string,
  email = uniqueEmail('user'),
): Promise<string> {
  await page.goto(path)
  await expect(page.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible()
  await page.getByRole('link', { name: 'Załóż konto' }).click()
  await expect(page.getByRole('heading', { name: 'Załóż konto' })).toBeVisible()
  await page.getByLabel('Adres e-mail').fill(email)
  await page.getByLabel('Hasło', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Załóż konto' }).click()
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path)
  return email
}

/** Runs one of the admin commands (`npm run user`, `npm run token`) against a running e2e server's data directory. */
export function admin(script: 'user' | 'token', args: string[], dataDir: string, input = ''): string {
  return execFileSync(process.execPath, [`server/identity/cli/${script}.ts`, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
    input,
  })
}

/**
 * One account per worker for journeys that are not about registering: the provider allows an address only a few
 * new accounts an hour, so they sign in instead. Created with `npm run user -- create` on first use.
 */
export const workerAccount = (() => {
  let email: string | undefined
  return () => {
    if (email === undefined) {
      email = uniqueEmail('worker')
      admin('user', ['create', '--email', email], process.env.E2E_DATA_DIR ?? '', `${PASSWORD}\n`)
    }
    return email
  }
})()

/** Opens `path` signed out and signs in at the provider with the worker's account; returns once `path` shows. */
export async function signInThrough(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await expect(page.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible()
  await page.getByLabel('Adres e-mail').fill(workerAccount())
  await page.getByLabel('Hasło', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Zaloguj się' }).click()
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path)
}
