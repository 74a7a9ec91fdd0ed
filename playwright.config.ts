import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 4173)
const baseURL = `http://localhost:${port}`
// A second server with billing on, for the expired-subscription gate.
const billingPort = port + 1
// Each run gets fresh embedded databases, so journeys never depend on an earlier run. The directories are handed to
// the workers through the environment (they load this file again), so tests can reach the server's admin socket.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'koperta-e2e-'))
process.env.E2E_BILLING_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'koperta-e2e-billing-'))
process.env.E2E_BILLING_URL = `http://localhost:${billingPort}`
// Short-lived access tokens make the silent renewal (60 s before expiry) happen within a test.
const accessTokenTtl = '75'
const server = (serverPort: number, env: Record<string, string>) => ({
  command: 'node server/main.ts',
  url: `http://localhost:${serverPort}/health`,
  reuseExistingServer: false,
  timeout: 90_000,
  env: {
    PORT: String(serverPort),
    HOST: 'localhost',
    LOG_LEVEL: 'warn',
    ACCESS_TOKEN_TTL: accessTokenTtl,
    // Every journey signs in from this one address, far faster than a person: limits no journey meets, set
    // explicitly (the server exempts no one).
    RATE_LIMIT_ANONYMOUS: '100000',
    RATE_LIMIT_USER: '100000',
    RATE_LIMIT_ANONYMOUS_EVENTS: '100000',
    // Reminders come due within seconds of their minute, so a journey can wait for one (issue 29's digest).
    NOTIFICATION_TICK_SECONDS: '2',
    // Journeys run on the embedded database even where CI exports DATABASE_URL for the server tests.
    DATABASE_URL: '',
    // Parallel runs on one machine each build into their own directory.
    ...(process.env.E2E_STATIC_DIR === undefined ? {} : { STATIC_DIR: process.env.E2E_STATIC_DIR }),
    ...env,
  },
})

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // This machine has no internet: without these, Chromium keeps trying Google's hosts.
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  timeout: 30_000,
  use: {
    baseURL,
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
    launchOptions: chromium,
    trace: 'retain-on-failure',
    // A step that cannot happen fails in seconds, not at the end of a long journey's budget.
    actionTimeout: 15_000,
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'mobile', use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: false } },
  ],
  webServer: [
    server(port, { DATA_DIR: process.env.E2E_DATA_DIR }),
    server(billingPort, { DATA_DIR: process.env.E2E_BILLING_DATA_DIR, BILLING: 'on' }),
  ],
})
