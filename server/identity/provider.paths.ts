// Paths, scopes and redirect addresses of the embedded provider, without loading oidc-provider itself: the
// server imports this at start and loads the provider on first use.

/** The API's scope; access tokens carrying it are JWTs for the API audience. */
export const apiScope = 'koperta-api'
export const webClientScopes = ['openid', 'profile', 'email', 'offline_access', apiScope] as const

/** The provider lives under this path of the app's origin; its issuer is `${origin}${mountPath}`. */
export const mountPath = '/auth'

/** Short paths under the mount (oidc-provider's `/auth` default would read `/auth/auth`). */
export const providerRoutes = {
  authorization: '/authorize',
  token: '/token',
  userinfo: '/userinfo',
  jwks: '/jwks',
  revocation: '/token/revocation',
  end_session: '/session/end',
} as const

export const webClientRedirects = (origins: readonly string[]) => ({
  redirect_uris: origins.flatMap((origin) => [
    `${origin}/callback`,
    `${origin}/silentRenew`,
    `${origin}/registration-callback`,
  ]),
  post_logout_redirect_uris: origins.flatMap((origin) => [
    `${origin}/`,
    `${origin}/signout-callback`,
    `${origin}/delete-account-callback`,
  ]),
})
