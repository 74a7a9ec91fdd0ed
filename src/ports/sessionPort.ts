import type { SessionPort } from '../../machines/session/index.ts'
import { OIDC_TIMINGS } from '../auth/config.ts'
import { parseStoredUser, safeReturnTo, toSessionUser } from '../auth/sessionUser.ts'
import type { UserManager } from '../auth/userManager.ts'
import type { UserStore } from '../auth/userStore.ts'

/** After the first screen renders, its views start their data requests; background loading waits this long. */
const BACKGROUND_LOAD_DELAY_MS = 250

const returnToOf = (state: unknown): string | null =>
  typeof state === 'object' && state !== null && 'returnTo' in state ? safeReturnTo(state.returnTo) : null

/**
 * The session machine's port onto oidc-client-ts. The stored user is read directly (no library needed at
 * start); every protocol step loads the UserManager on first use and reuses it.
 */
export const createSessionPort = (
  userStore: UserStore,
  /** Resolves once the first screen is drawn (main.tsx: the router's first render). */
  firstScreenShown: Promise<void>,
): SessionPort => {
  let manager: Promise<UserManager> | null = null
  const userManager = () => {
    manager ??= import('../auth/userManager.ts').then(({ loadUserManager }) => loadUserManager(userStore))
    // A failed load (offline) is retried by the next call instead of being remembered.
    manager.catch(() => {
      manager = null
    })
    return manager
  }

  return {
    now: () => Date.now(),
    loadUser: async () => parseStoredUser(userStore.readAny()),
    async startSignIn(returnTo) {
      // The sign-in pages open in the app's language (OIDC ui_locales); a choice made there comes back through
      // /api/user-settings.
      const language = typeof document === 'undefined' ? '' : document.documentElement.lang
      await (await userManager()).signinRedirect({
        state: { returnTo },
        ...(language === '' ? {} : { ui_locales: language }),
      })
    },
    async completeSignIn(url) {
      const signedIn = await (await userManager()).signinRedirectCallback(url)
      const user = toSessionUser(signedIn)
      if (user === null) throw new Error('ID Token is missing a subject claim')
      return { user, returnTo: returnToOf(signedIn.state) }
    },
    async renewSilently() {
      const um = await userManager()
      // The refresh-token path reads neither from the settings: the API resource and the 10 s timeout go along.
      const renewed = await um.signinSilent({
        extraTokenParams: um.settings.extraTokenParams,
        silentRequestTimeoutInSeconds: OIDC_TIMINGS.silentRequestTimeoutInSeconds,
      })
      return renewed === null ? null : toSessionUser(renewed)
    },
    async signOut(idTokenHint) {
      const um = await userManager()
      // Best effort: an unrevoked refresh token still dies with the provider session.
      await um.revokeTokens(['refresh_token']).catch(() => undefined)
      await um.removeUser()
      // No `resource` on the end-session request: it belongs to authorization and token requests only.
      await um.signoutRedirect({
        extraQueryParams: {},
        ...(idTokenHint === null ? {} : { id_token_hint: idTokenHint }),
      })
    },
    async removeUser() {
      userStore.clear()
    },
    onEndedAtProvider(listener) {
      let active = true
      let unsubscribe = () => {}
      // Monitoring is not needed to draw the first screen: the client library loads in the background once that
      // screen is drawn and its own requests (the data it shows) have gone out, when the page is idle. A renewal,
      // sign-in or sign-out due sooner loads it at once.
      const whenIdle =
        window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1))
      const afterFirstScreen = (callback: () => void) =>
        void firstScreenShown.then(() =>
          window.setTimeout(() => whenIdle(callback), BACKGROUND_LOAD_DELAY_MS),
        )
      afterFirstScreen(() => {
        if (!active) return
        userManager()
          .then((um) => {
            if (!active) return
            um.events.addUserSignedOut(listener)
            unsubscribe = () => um.events.removeUserSignedOut(listener)
          })
          .catch(() => undefined) // No client, no monitoring; renewals report their own failures.
      })
      return () => {
        active = false
        unsubscribe()
      }
    },
  }
}
