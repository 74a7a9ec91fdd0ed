/**
 * The one place that says where and how the web app signs in.
 *
 * Order: build-time overrides (VITE_OIDC_AUTHORITY, VITE_OIDC_CLIENT_ID, VITE_OIDC_SCOPE, VITE_OIDC_RESOURCE) for a
 * static deployment against an external issuer; else the server's `GET /api/auth/config` (the embedded provider,
 * or whatever OIDC_ISSUER the server trusts); else the embedded provider's defaults under this origin.
 */
export type AuthSettings = {
  readonly authority: string
  readonly clientId: string
  readonly scope: string
  /** RFC 8707 resource indicator of the API; sent in the authorization and token requests. */
  readonly resource: string | null
  readonly registrationUrl: string | null
  /** Redirect addresses on the app host (SPEC §9). */
  readonly redirectUri: string
  readonly silentRedirectUri: string
  readonly postLogoutRedirectUri: string
}

/** SPEC §9 timings and sizes, in oidc-client-ts units. */
export const OIDC_TIMINGS = {
  accessTokenExpiringNotificationTimeInSeconds: 60,
  silentRequestTimeoutInSeconds: 10,
  staleStateAgeInSeconds: 900,
  checkSessionIntervalInSeconds: 2,
  popupHeight: 640,
} as const

/** SPEC §9: the session cookie lives 14 days. */
export const SESSION_COOKIE_MAX_AGE_SECONDS = 14 * 24 * 60 * 60

export const DEFAULT_CLIENT_ID = 'koperta-web'
/** SPEC §9 scope plus offline_access: the embedded provider renews with refresh tokens (no third-party cookies). */
export const DEFAULT_SCOPE = 'openid profile email offline_access koperta-api'

export type ServerAuthConfig = {
  readonly authority: string
  readonly clientId: string
  readonly scope: string
  readonly resource: string
  readonly registrationUrl: string | null
}

const redirects = (origin: string) => ({
  redirectUri: `${origin}/callback`,
  silentRedirectUri: `${origin}/silentRenew`,
  postLogoutRedirectUri: `${origin}/`,
})

const fromEnvironment = (origin: string): AuthSettings | null => {
  const authority = import.meta.env.VITE_OIDC_AUTHORITY
  if (typeof authority !== 'string' || authority === '') return null
  const text = (value: unknown, fallback: string) =>
    typeof value === 'string' && value !== '' ? value : fallback
  const resource = text(import.meta.env.VITE_OIDC_RESOURCE, '')
  return {
    authority,
    clientId: text(import.meta.env.VITE_OIDC_CLIENT_ID, DEFAULT_CLIENT_ID),
    scope: text(import.meta.env.VITE_OIDC_SCOPE, DEFAULT_SCOPE),
    resource: resource === '' ? null : resource,
    registrationUrl: null,
    ...redirects(origin),
  }
}

export const embeddedDefaults = (origin: string): AuthSettings => ({
  authority: `${origin}/auth`,
  clientId: DEFAULT_CLIENT_ID,
  scope: DEFAULT_SCOPE,
  // Omitted: the embedded provider picks its API audience for the koperta-api scope, whatever OIDC_AUDIENCE is.
  resource: null,
  registrationUrl: `${origin}/Identity/Account/Register`,
  ...redirects(origin),
})

export const fromServerConfig = (origin: string, config: ServerAuthConfig): AuthSettings => ({
  authority: config.authority,
  clientId: config.clientId,
  scope: config.scope,
  resource: config.resource === '' ? null : config.resource,
  registrationUrl: config.registrationUrl,
  ...redirects(origin),
})

/**
 * Resolves the settings once per page. `fetchServerConfig` is the server's answer (decoded by its schema);
 * when the server cannot be asked, the embedded provider's defaults are assumed.
 */
export const resolveAuthSettings = async (
  origin: string,
  fetchServerConfig: () => Promise<ServerAuthConfig>,
): Promise<AuthSettings> => {
  const configured = fromEnvironment(origin)
  if (configured !== null) return configured
  try {
    return fromServerConfig(origin, await fetchServerConfig())
  } catch {
    return embeddedDefaults(origin)
  }
}
