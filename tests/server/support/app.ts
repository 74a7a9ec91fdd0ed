import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { type BuildOptions, buildApp } from '../../../server/app.ts'
import { loadConfig } from '../../../server/config.ts'
import type { TestDatabase } from './databases.ts'

export interface AppOptions {
  readonly staticDir?: string
  /** More server variables, e.g. the rate limits a test wants to meet. */
  readonly env?: Readonly<Record<string, string>>
  /** What the app is built with beyond its configuration (the notifications' channels). */
  readonly build?: BuildOptions
}

/** No job queue unless a test asks for one (NOTIFICATION_JOBS=on): tests of other things neither wait nor race. */
export const quietJobs = { NOTIFICATION_JOBS: 'off' } as const

/**
 * Tests send hundreds of requests from one address in seconds: they set limits no test meets, explicitly (the server
 * exempts no one). A test of the limits themselves passes its own through `env`.
 */
export const generousRateLimits = {
  RATE_LIMIT_ANONYMOUS: '1000000',
  RATE_LIMIT_USER: '1000000',
  RATE_LIMIT_ANONYMOUS_EVENTS: '1000000',
} as const

/** The real app over a test database, not yet readied (tests may add routes first). */
export const createTestApp = (database: TestDatabase, options: AppOptions = {}): FastifyInstance =>
  buildApp(
    loadConfig({
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl,
      LOG_LEVEL: 'silent',
      STATIC_DIR: options.staticDir ?? join(database.dataDir, 'no-dist'),
      ...generousRateLimits,
      ...quietJobs,
      ...options.env,
    }),
    options.build,
  )

export const fakeDist = {
  // Long, as the real one is, so the build's compressed copies are smaller (src/build/precompressAssets.ts).
  indexHtml: `<!doctype html><html><body><div id="root">koperta test shell</div><noscript>${'Koperta needs JavaScript. '.repeat(50)}</noscript></body></html>`,
  assetName: 'assets/index-3f9a1c2b.js',
  assetBody: 'console.log("hashed asset")',
  serviceWorker: 'self.addEventListener("install", () => {})',
}

/** A tiny stand-in for `vite build` output: index.html, one hashed asset, sw.js. */
export const createFakeDist = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'koperta-dist-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), fakeDist.indexHtml)
  writeFileSync(join(dir, fakeDist.assetName), fakeDist.assetBody)
  writeFileSync(join(dir, 'sw.js'), fakeDist.serviceWorker)
  return dir
}
