import { AuthClientConfig } from '../../schemas/identity.ts'
import { createApiClient } from '../api/client.ts'
import { anonymousSession } from './apiSession.ts'
import { type AuthSettings, resolveAuthSettings } from './config.ts'

// The sign-in configuration is public and read before any session exists (also by the silent-renew frame).
const fetchServerConfig = () =>
  createApiClient(anonymousSession).getJson('/api/auth/config', AuthClientConfig)

/** Where and how this page signs in (build-time settings, else the server's answer, else the embedded defaults). */
export const loadAuthSettings = (): Promise<AuthSettings> =>
  resolveAuthSettings(window.location.origin, fetchServerConfig)

/** The provider's own pages a person may be sent to from the app (null: this provider offers none of ours). */
export type ProviderPages = {
  /** Create an account; back at /registration-callback (SPEC §7: /Identity/Account/Register). */
  readonly register: string | null
  /** Delete the account (asks for the password again); back at /delete-account-callback. */
  readonly deleteAccount: string | null
}

/**
 * Addresses of the provider's registration and account-deletion pages. Both exist only on the embedded provider,
 * which announces itself by a registration address; its deletion page sits beside it (server/identity/pages).
 */
export const providerPages = (
  settings: AuthSettings,
  appOrigin: string,
  language: string,
  /** Where in the app a newly registered person goes next (an invitation's link); the callback signs them in. */
  returnTo?: string,
): ProviderPages => {
  if (settings.registrationUrl === null) return { register: null, deleteAccount: null }
  const register = new URL(settings.registrationUrl)
  const callback = new URL('/registration-callback', appOrigin)
  if (returnTo !== undefined) callback.searchParams.set('returnTo', returnTo)
  register.searchParams.set('returnUrl', callback.href)
  register.searchParams.set('lang', language)
  const deleteAccount = new URL('/Identity/Account/Delete', register)
  deleteAccount.searchParams.set('returnUrl', `${appOrigin}/delete-account-callback`)
  deleteAccount.searchParams.set('lang', language)
  return { register: register.href, deleteAccount: deleteAccount.href }
}
