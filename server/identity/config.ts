import { ConfigError } from '../config.ts'

/** Identity settings; the README's configuration table documents each variable. */
export const identityVariables = {
  PUBLIC_URL:
    'Address users reach the server at (https://budget.example.com); the embedded issuer is PUBLIC_URL/auth.',
  WEB_ORIGINS:
    'Extra comma-separated origins the web app may run on (the dev server http://localhost:5173 is added for localhost).',
  OIDC_ISSUER: 'An external OpenID Connect issuer; when set, the embedded provider is off.',
  OIDC_CLIENT_ID: 'The web app client id at the issuer (default koperta-web).',
  OIDC_AUDIENCE: 'The API audience access tokens must carry (default urn:koperta:api).',
  ACCESS_TOKEN_TTL: 'Lifetime of the embedded provider’s access tokens in seconds (default 300).',
  BILLING: 'on: a subscription record with its end date decides isExpired; off (default): never expires.',
  SMTP_URL: 'smtp(s):// URL for password-reset mail; without it the reset link is written to the server log.',
  MAIL_FROM: 'Sender address of identity mail (default Koperta <no-reply@localhost>).',
} as const

export interface IdentityConfig {
  /** Origin of the server as users see it, without a trailing slash. */
  readonly publicOrigin: string
  /** Origins the web app is served from: redirect URIs are `${origin}/callback` etc. on each. */
  readonly webOrigins: readonly string[]
  /** The issuer access tokens must come from: the embedded one (`${publicOrigin}/auth`) or an external one. */
  readonly issuer: string
  /** True when `issuer` is the embedded provider mounted at /auth. */
  readonly embedded: boolean
  readonly clientId: string
  readonly audience: string
  readonly accessTokenTtlSeconds: number
  readonly billing: boolean
  readonly smtpUrl: string | undefined
  readonly mailFrom: string
  /**
   * Cookies carry Secure whenever the public origin is https. A plain-http origin other than localhost (a home
   * network) works without it, since browsers drop Secure cookies there; the server warns at start.
   */
  readonly secureCookies: boolean
  /** Plain http on a non-localhost address: sign-in works, but passwords and tokens cross the network unencrypted. */
  readonly insecurePublicOrigin: boolean
}

/**
 * The Capacitor app's web view origins: iOS serves the app as capacitor://localhost, Android as https://localhost
 * (http://localhost with cleartext on).
 */
export const nativeAppOrigins = ['capacitor://localhost', 'https://localhost', 'http://localhost'] as const

/**
 * Origins a browser may call the provider's endpoints from (CORS): the app's own, never any other (a page on another
 * site, or `null` from a sandboxed frame or a file, has no business reading tokens or keys).
 */
export const corsOriginsOf = (config: IdentityConfig): ReadonlySet<string> =>
  new Set([...config.webOrigins, ...nativeAppOrigins])

const isLocalhost = (url: URL): boolean => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)

const parseOrigin = (name: string, value: string): string => {
  const url = URL.parse(value)
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigError(
      `Invalid server configuration:\n  ${name}=${JSON.stringify(value)}: expected an http(s) URL`,
    )
  }
  return url.origin
}

export interface IdentityConfigInput {
  readonly PORT: number
  readonly env: Readonly<Record<string, string | undefined>>
}

const read = (env: IdentityConfigInput['env'], name: keyof typeof identityVariables): string | undefined => {
  const value = env[name]?.trim()
  return value === undefined || value === '' ? undefined : value
}

/** Reads the identity variables beside the server's own configuration; a bad value throws a ConfigError. */
export const loadIdentityConfig = ({ PORT, env }: IdentityConfigInput): IdentityConfig => {
  const publicText = read(env, 'PUBLIC_URL')
  const publicOrigin =
    publicText === undefined ? `http://localhost:${PORT}` : parseOrigin('PUBLIC_URL', publicText)
  const publicUrl = new URL(publicOrigin)
  const devOrigins = isLocalhost(publicUrl) ? ['http://localhost:5173'] : []
  const extraOrigins = (read(env, 'WEB_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '')
    .map((origin) => parseOrigin('WEB_ORIGINS', origin))
  const externalIssuer = read(env, 'OIDC_ISSUER')
  if (externalIssuer !== undefined) parseOrigin('OIDC_ISSUER', externalIssuer)
  // Short: a JWT signed out of one device stays usable until it expires (see README, Revocation).
  const ttlText = read(env, 'ACCESS_TOKEN_TTL') ?? '300'
  const accessTokenTtlSeconds = Number(ttlText)
  if (
    !Number.isSafeInteger(accessTokenTtlSeconds) ||
    accessTokenTtlSeconds < 5 ||
    accessTokenTtlSeconds > 86_400
  ) {
    throw new ConfigError(
      `Invalid server configuration:\n  ACCESS_TOKEN_TTL=${JSON.stringify(ttlText)}: expected whole seconds 5–86400`,
    )
  }
  const billing = read(env, 'BILLING') ?? 'off'
  if (billing !== 'on' && billing !== 'off') {
    throw new ConfigError(
      `Invalid server configuration:\n  BILLING=${JSON.stringify(billing)}: expected on or off`,
    )
  }
  const smtpUrl = read(env, 'SMTP_URL')
  if (smtpUrl !== undefined && !/^smtps?:\/\/\S+$/u.test(smtpUrl)) {
    throw new ConfigError('Invalid server configuration:\n  SMTP_URL: expected an smtp:// or smtps:// URL')
  }
  return {
    publicOrigin,
    webOrigins: [...new Set([publicOrigin, ...devOrigins, ...extraOrigins])],
    issuer: externalIssuer ?? `${publicOrigin}/auth`,
    embedded: externalIssuer === undefined,
    clientId: read(env, 'OIDC_CLIENT_ID') ?? 'koperta-web',
    audience: read(env, 'OIDC_AUDIENCE') ?? 'urn:koperta:api',
    accessTokenTtlSeconds,
    billing: billing === 'on',
    smtpUrl,
    mailFrom: read(env, 'MAIL_FROM') ?? 'Koperta <no-reply@localhost>',
    secureCookies: publicUrl.protocol === 'https:',
    insecurePublicOrigin: publicUrl.protocol === 'http:' && !isLocalhost(publicUrl),
  }
}
