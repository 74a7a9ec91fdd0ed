import type { Kysely } from 'kysely'
import Provider, { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider'
import { kyselyAdapterFactory } from './adapter.ts'
import { corsOriginsOf, type IdentityConfig } from './config.ts'
import type { KeyMaterial } from './keys.ts'
import { pickLanguage, translate } from './pages/i18n.ts'
import { loginPagePath } from './pages/login.ts'
import { renderErrorPage, renderLoggedOutPage, renderLogoutPage } from './pages/session.ts'
import { apiScope, providerRoutes, webClientRedirects } from './provider.paths.ts'
import type { IdentityTables } from './tables.ts'
import { findUserBySubject } from './users.ts'

const languageOf = (ctx: KoaContextWithOIDC) => {
  const lang = ctx.query.lang
  return pickLanguage(typeof lang === 'string' ? lang : undefined, ctx.get('accept-language') || undefined)
}

const pageFor = (ctx: KoaContextWithOIDC) => {
  const language = languageOf(ctx)
  return { language, t: translate(language) }
}

export interface ProviderInput {
  readonly db: Kysely<IdentityTables>
  readonly config: IdentityConfig
  readonly keys: KeyMaterial
}

/** panva's oidc-provider configured for Koperta: code + PKCE (S256) only, rotating refresh tokens, JWT API tokens. */
export const createProvider = ({ db, config, keys }: ProviderInput): Provider => {
  const appHref = `${config.webOrigins[0] ?? config.publicOrigin}/`
  const isWebClient = (clientId: string | undefined) => clientId === config.clientId
  const corsOrigins = corsOriginsOf(config)

  const configuration: Configuration = {
    adapter: kyselyAdapterFactory(db),
    clients: [
      {
        client_id: config.clientId,
        client_name: 'Koperta',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        // Only the provider's own scopes belong here; the API scope comes with the resource indicator.
        scope: 'openid profile email offline_access',
        ...webClientRedirects(config.webOrigins),
      },
    ],
    jwks: { keys: keys.signingKeys.map((key) => ({ ...key })) },
    cookies: {
      keys: [...keys.cookieSecrets],
      long: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies },
      short: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies },
    },
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: [] },
    // The web app reads e-mail from the ID token: its access token is for the API, not the userinfo endpoint.
    conformIdTokenClaims: false,
    routes: providerRoutes,
    ttl: {
      AccessToken: config.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      RefreshToken: (ctx, token, client) => {
        // A rotated public-client token inherits what is left of its family's 14 days (oidc-provider's own rule).
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken
        if (rotated !== undefined && client.clientAuthMethod === 'none' && !token.isSenderConstrained()) {
          return rotated.remainingTTL
        }
        return 14 * 24 * 60 * 60
      },
    },
    rotateRefreshToken: true,
    // The first-party web app gets refresh tokens without a consent prompt (oidc-provider drops offline_access
    // from requests that prompt for anything but consent, e.g. a silent renew's prompt=none).
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') &&
      (isWebClient(client.clientId) || code.scopes.has('offline_access')),
    // Signing out of the provider ends the web app's refresh tokens too (by default offline_access would keep them).
    expiresWithSession: async (ctx, code) =>
      isWebClient(ctx.oidc.client?.clientId) || !code.scopes.has('offline_access'),
    // Consent is implied for the first-party web app: its grant always covers every scope it may ask for.
    loadExistingGrant: async (ctx) => {
      const { client, session, result } = ctx.oidc
      if (client === undefined || session === undefined || session.accountId === undefined) return undefined
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId)
      const existing = grantId === undefined ? undefined : await ctx.oidc.provider.Grant.find(grantId)
      if (!isWebClient(client.clientId)) return existing
      const grant =
        existing ?? new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId })
      grant.addOIDCScope('openid profile email offline_access')
      grant.addOIDCClaims(['sub', 'email', 'email_verified'])
      grant.addResourceScope(config.audience, apiScope)
      await grant.save()
      return grant
    },
    // A disabled account is still found: its sign-in completes and the app, reading `isDisabled` from the profile,
    // signs it out (SPEC §4); the API refuses it everything else. Not finding it would leave the provider with a
    // session whose account is missing, a TypeError (500) in the middle of the authorization.
    findAccount: async (_ctx, sub) => {
      const user = await findUserBySubject(db, sub)
      if (user === undefined) return undefined
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          ...(user.email === null ? {} : { email: user.email, email_verified: false }),
        }),
      }
    },
    // Token, revocation and userinfo calls from a browser: only the app's origins (the web app's and the native
    // app's). Preflights and the open endpoints (keys, discovery) are filtered the same way in mount.ts.
    clientBasedCORS: (_ctx, origin) => corsOrigins.has(origin),
    interactions: { url: async (_ctx, interaction) => loginPagePath(interaction.uid) },
    features: {
      devInteractions: { enabled: false },
      // A client revokes only its own tokens (a foreign one is silently ignored, as RFC 7009 allows).
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // The web app may omit `resource`: asking for the API scope means the API.
        defaultResource: async (ctx, _client, oneOf) => {
          if (oneOf !== undefined && oneOf.length > 0) return oneOf[0]
          const scope = ctx.oidc.params?.scope
          return typeof scope === 'string' && scope.split(' ').includes(apiScope)
            ? config.audience
            : undefined
        },
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resourceIndicator) => {
          if (resourceIndicator !== config.audience) throw new errors.InvalidTarget()
          return {
            scope: apiScope,
            audience: config.audience,
            accessTokenTTL: config.accessTokenTtlSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          }
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          // oidc-provider's form carries the xsrf token; our buttons submit it through the form attribute.
          ctx.type = 'html'
          ctx.body = renderLogoutPage({ ...pageFor(ctx), form: { html: form } })
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html'
          ctx.body = renderLoggedOutPage({ ...pageFor(ctx), appHref })
        },
      },
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html'
      ctx.body = renderErrorPage({ ...pageFor(ctx), code: String(out.error), appHref })
    },
    // Account pages and provider pages share one look; nothing here is meant to be framed or cached.
    extraParams: ['lang'],
  }

  const provider = new Provider(config.issuer, configuration)
  // Every request is rewritten to the public origin before it reaches the provider (see mount.ts).
  provider.proxy = true
  return provider
}
