import { SESSION_COOKIE_MAX_AGE_SECONDS } from './config.ts'
import { loadUserManager } from './userManager.ts'
import { cookieSlot, createUserStore, SESSION_COOKIE_NAME, sessionCookieOptions } from './userStore.ts'

/** Runs in the hidden /silentRenew frame: posts the provider's answer to the parent page's UserManager. */
export const completeSilentRenew = async (): Promise<void> => {
  // The frame never stores a user (the parent does); a store is only needed to build the manager.
  const store = createUserStore(
    cookieSlot(
      { read: () => document.cookie, write: () => undefined },
      SESSION_COOKIE_NAME,
      sessionCookieOptions(window.location, SESSION_COOKIE_MAX_AGE_SECONDS),
    ),
  )
  const manager = await loadUserManager(store)
  await manager.signinSilentCallback(window.location.href)
}
