import { UserManager, WebStorageStateStore } from 'oidc-client-ts'
import { type AuthSettings, OIDC_TIMINGS } from './config.ts'
import { loadAuthSettings } from './providerPages.ts'
import type { UserStore } from './userStore.ts'

/**
 * oidc-client-ts configured per SPEC §9. Loaded on demand (its own chunk, with the HTTP client): a page with a
 * valid stored user renders before this arrives.
 *
 * `automaticSilentRenew` is off on purpose: the session machine renews on the same schedule (60 s before
 * expiry, 5 s retry after a timeout, a silent-renew error event otherwise), so the behaviour is modelled and
 * tested in one place instead of racing the library's own timer.
 */
export const createUserManager = (settings: AuthSettings, userStore: UserStore): UserManager => {
  const resourceParams = settings.resource === null ? {} : { resource: settings.resource }
  return new UserManager({
    authority: settings.authority,
    client_id: settings.clientId,
    redirect_uri: settings.redirectUri,
    silent_redirect_uri: settings.silentRedirectUri,
    post_logout_redirect_uri: settings.postLogoutRedirectUri,
    response_type: 'code',
    scope: settings.scope,
    // RFC 8707: the embedded provider issues JWT access tokens for the API only when asked for its resource.
    extraQueryParams: resourceParams,
    extraTokenParams: resourceParams,
    automaticSilentRenew: false,
    accessTokenExpiringNotificationTimeInSeconds: OIDC_TIMINGS.accessTokenExpiringNotificationTimeInSeconds,
    silentRequestTimeoutInSeconds: OIDC_TIMINGS.silentRequestTimeoutInSeconds,
    staleStateAgeInSeconds: OIDC_TIMINGS.staleStateAgeInSeconds,
    // Used when the provider offers a check_session_iframe (Keycloak does; the embedded provider does not).
    monitorSession: true,
    checkSessionIntervalInSeconds: OIDC_TIMINGS.checkSessionIntervalInSeconds,
    popupWindowFeatures: { height: OIDC_TIMINGS.popupHeight },
    // The e-mail comes in the ID token; the access token is for the API only.
    loadUserInfo: false,
    userStore,
    // Pending sign-in/sign-out request state (PKCE verifier, return address); stale entries are dropped.
    stateStore: new WebStorageStateStore({ store: window.localStorage }),
  })
}

export const loadUserManager = async (userStore: UserStore): Promise<UserManager> => {
  const settings = await loadAuthSettings()
  const manager = createUserManager(settings, userStore)
  manager.clearStaleState().catch(() => undefined)
  return manager
}

export type { UserManager }
