import { createHash, randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify'
import { loadConfig } from '../../../server/config.ts'
import { textSafetyPlugin } from '../../../server/http/textSafety.ts'
import type { IdentityConfig } from '../../../server/identity/config.ts'
import { loadIdentityConfig } from '../../../server/identity/config.ts'
import { identityPlugin } from '../../../server/identity/plugin.ts'
import { redactingRequestSerializer } from '../../../server/identity/redact.ts'
import { appShellPlugin } from '../../../server/plugins/appShell.ts'
import { configPlugin } from '../../../server/plugins/config.ts'
import { databasePlugin } from '../../../server/plugins/database.ts'
import { errorsPlugin } from '../../../server/plugins/errors.ts'
import { routeCatalogPlugin } from '../../../server/plugins/routeCatalog.ts'
import { securityPlugin } from '../../../server/plugins/security.ts'
import type { TestDatabase } from '../support/databases.ts'

export const origin = 'http://localhost:8080'

/**
 * What an account page may not hold under the CSP: inline scripts or styles. Its one script is the app's own
 * theme file (it applies the theme the person chose in the app).
 */
export const inlineScriptOrStyle = /<script(?![^>]*\bsrc="\/theme-init\.js")|<style|style=/u
export const clientId = 'koperta-web'
export const audience = 'urn:koperta:api'
export const redirectUri = `${origin}/callback`

export const identityConfig = (env: Record<string, string> = {}): IdentityConfig =>
  loadIdentityConfig({ PORT: 8080, env })

/** Every log line the app writes, as text (pino's JSON), for the "no secret in any log line" checks. */
export interface LogCapture {
  readonly lines: string[]
}

/**
 * The app's infrastructure plugins (config, database, security, errors, app shell) plus the identity plugin, with
 * a logger writing into `logs` at trace level so every line the server could write is inspected.
 */
export const createIdentityApp = (
  database: TestDatabase,
  identity: IdentityConfig = identityConfig(),
): { app: FastifyInstance; logs: LogCapture } => {
  const logs: LogCapture = { lines: [] }
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.lines.push(String(chunk))
      done()
    },
  })
  const app = Fastify({
    // The same request serializer the app must use (server/identity/redact.ts): URLs lose credential values.
    logger: { level: 'trace', stream, serializers: { req: redactingRequestSerializer } },
    pluginTimeout: 120_000,
  })
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl === undefined ? {} : { DATABASE_URL: database.databaseUrl }),
    LOG_LEVEL: 'trace',
    STATIC_DIR: `${database.dataDir}/no-dist`,
  })
  app.register(configPlugin, { config })
  app.register(databasePlugin)
  app.register(securityPlugin)
  app.register(errorsPlugin)
  app.register(textSafetyPlugin)
  app.register(routeCatalogPlugin)
  app.register(appShellPlugin)
  app.register(identityPlugin, { identity })
  return { app, logs }
}

interface StoredCookie {
  readonly value: string
  readonly path: string
}

/** A browser's worth of state for app.inject: cookies by name and path, sent where their path matches. */
export const createBrowser = (app: FastifyInstance) => {
  const jar = new Map<string, StoredCookie>()

  const remember = (response: LightMyRequestResponse) => {
    const header = response.headers['set-cookie']
    const lines = header === undefined ? [] : Array.isArray(header) ? header : [header]
    for (const line of lines) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim())
      const separator = pair.indexOf('=')
      const name = pair.slice(0, separator)
      const value = pair.slice(separator + 1)
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/'
      const expired =
        attributes.some((a) => /^max-age=(0|-)/iu.test(a)) ||
        attributes.some((a) => a.toLowerCase().startsWith('expires=') && Date.parse(a.slice(8)) < Date.now())
      const key = `${name}|${path}`
      if (expired || value === '') jar.delete(key)
      else jar.set(key, { value, path })
    }
  }

  const cookieHeader = (url: string): string => {
    const path = new URL(url, origin).pathname
    return [...jar.entries()]
      .filter(
        ([, cookie]) =>
          path === cookie.path ||
          path.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`),
      )
      .map(([key, cookie]) => `${key.split('|')[0]}=${cookie.value}`)
      .join('; ')
  }

  const request = async (
    method: 'GET' | 'POST',
    url: string,
    form?: Record<string, string>,
    headers: Record<string, string> = {},
  ) => {
    const target = new URL(url, origin)
    const response = await app.inject({
      method,
      url: `${target.pathname}${target.search}`,
      headers: {
        cookie: cookieHeader(url),
        ...(form === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
        ...headers,
      },
      ...(form === undefined ? {} : { payload: new URLSearchParams(form).toString() }),
    })
    remember(response)
    return response
  }

  return { jar, request }
}

export type Browser = ReturnType<typeof createBrowser>

export const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url')
  const challenge = createHash('sha256').update(verifier).digest('base64url')
  return { verifier, challenge }
}

export const authorizeUrl = (challenge: string, extra: Record<string, string> = {}) =>
  `/auth/authorize?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid profile email offline_access koperta-api',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource: audience,
    ...extra,
  }).toString()}`

export const location = (response: LightMyRequestResponse): string => {
  const value = response.headers.location
  if (typeof value !== 'string')
    throw new Error(`expected a redirect, got ${response.statusCode}: ${response.body.slice(0, 300)}`)
  return value
}

export interface TokenSet {
  readonly access_token: string
  readonly id_token: string
  readonly refresh_token: string
  readonly expires_in: number
  readonly scope: string
  readonly token_type: string
}

/** Register → sign in → authorize → code, the way a browser and the web app walk it; answers the tokens. */
export const registerAndSignIn = async (
  browser: Browser,
  email: string,
  password: string,
): Promise<{ tokens: TokenSet; code: string }> => {
  const { verifier, challenge } = pkcePair()
  const start = await browser.request('GET', authorizeUrl(challenge))
  const interaction = location(start)
  const uid = interaction.split('/').pop() ?? ''
  const registered = await browser.request('POST', `/Identity/Account/Register?interaction=${uid}`, {
    email,
    password,
  })
  if (registered.statusCode !== 303) throw new Error(`registration failed: ${registered.body}`)
  const back = await browser.request('GET', location(registered))
  const resumed = await browser.request('GET', location(back))
  const callback = new URL(location(resumed), origin)
  const code = callback.searchParams.get('code') ?? ''
  const tokens = await exchangeCode(browser, code, verifier)
  return { tokens, code }
}

export const exchangeCode = async (browser: Browser, code: string, verifier: string): Promise<TokenSet> => {
  const response = await browser.request('POST', '/auth/token', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    client_id: clientId,
    code_verifier: verifier,
  })
  if (response.statusCode !== 200) throw new Error(`token exchange failed: ${response.body}`)
  return response.json()
}
