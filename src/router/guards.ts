import { redirect } from '@tanstack/react-router'
import type { AppRef, KeyValueStorage } from '../../machines/app/index.ts'
import type { LoadApi } from '../api/loadApi.ts'
import type { AuthAccess } from '../auth/createAuth.ts'
import type { Device } from '../layouts/navigation.ts'
import { paths } from './paths.ts'
import { currentPeriodKey, isPeriodKey } from './periodKey.ts'

/** What every route's beforeLoad receives from the router (set once in main.tsx). */
export type RouterContext = {
  readonly storage: KeyValueStorage
  readonly now: () => number
  /** Which route tree runs; chosen once at start from the viewport width. */
  readonly device: Device
  /** The session and gate answers (src/auth/createAuth.ts). */
  readonly auth: AuthAccess
  /** The root app actor: loaders open the budget they show through it (`budget.open`). */
  readonly app: AppRef
  /** The signed-in user's id (the session's subject), or null. */
  readonly subject: () => string | null
  /** The page's HTTP client (loaders that read data use it). */
  readonly api: LoadApi
}

type GuardArgs = { readonly context: RouterContext }
/** `location.href` is the requested path with query and hash (TanStack's ParsedLocation). */
type LocatedArgs = GuardArgs & { readonly location: { readonly href: string } }

/** The browser stayed on the page although sign-in should have left it; the problem notice says why. */
export class SignInDidNotStartError extends Error {
  override readonly name = 'SignInDidNotStartError'
}

/** The profile or subscription could not be fetched; the route's error view offers to try again. */
export class GateUnavailableError extends Error {
  override readonly name = 'GateUnavailableError'
}
type BudgetArgs = GuardArgs & { readonly params: { readonly budgetId: string } }
type PeriodArgs = GuardArgs & { readonly params: { readonly budgetId: string; readonly periodKey: string } }

export const WELCOME_COMPLETE_STORAGE_KEY = 'koperta.welcomeComplete'

/**
 * SPEC §2: a signed-in user (unexpired) continues. Native platform → the route named login. Browser → the
 * identity provider, with the full requested address in the request state; /callback returns to it.
 * Async: routes must `await` it (`beforeLoad: async (args) => { await requireAuthentication(args); … }`).
 */
export const requireAuthentication = async ({ context, location }: LocatedArgs): Promise<void> => {
  if ((await context.auth.settledSession()) === 'signedIn') return
  if (context.auth.isNative) throw redirect({ href: '/login', replace: true })
  await context.auth.signIn(location.href)
  throw new SignInDidNotStartError('the sign-in redirect did not leave the page')
}

/**
 * A failed profile or subscription fetch fails the route, unless it failed with a 401: then the session is
 * already leaving for the provider (SPEC §4), and waiting avoids flashing an error page before it goes.
 */
const failUnlessSigningInAgain = async (context: RouterContext, reason: string): Promise<void> => {
  if ((await context.auth.settledSession()) === 'signedIn') throw new GateUnavailableError(reason)
}

/** SPEC §4: a disabled user profile is sent to logout on entering the app. */
export const requireEnabledUser = async ({ context }: GuardArgs): Promise<void> => {
  // Nobody to ask about until requireAuthentication has let a signed-in user through.
  if ((await context.auth.settledSession()) !== 'signedIn') return
  const verdict = await context.auth.verdict('app')
  if (verdict === 'signOut') throw redirect({ href: '/logout', replace: true })
  if (verdict === 'failed') await failUnlessSigningInAgain(context, 'the user profile could not be loaded')
}

/**
 * SPEC §2, §4: both session guards of the app layout, in SPEC order. `whileCheckingUser` starts work that needs
 * only a session (a read the route will want) alongside the profile check instead of after it.
 */
export const requireSignedInApp = async (
  args: LocatedArgs,
  whileCheckingUser: () => void = () => undefined,
): Promise<void> => {
  await requireAuthentication(args)
  whileCheckingUser()
  await requireEnabledUser(args)
}

/** SPEC §4: an expired subscription sends the user to subscriptionExpired on entering any budget route. */
export const requireActiveSubscription = async ({ context }: GuardArgs): Promise<void> => {
  if ((await context.auth.settledSession()) !== 'signedIn') return
  const verdict = await context.auth.verdict('budget')
  if (verdict === 'signOut') throw redirect({ href: '/logout', replace: true })
  if (verdict === 'subscriptionExpired') throw redirect({ href: '/subscription-expired', replace: true })
  if (verdict === 'failed') await failUnlessSigningInAgain(context, 'the subscription could not be loaded')
}

/** SPEC §4: on mobile, /login redirects to /welcome until the welcome-complete flag is stored locally. */
export const requireWelcomeComplete = ({ context }: GuardArgs): void => {
  if (context.storage.get(WELCOME_COMPLETE_STORAGE_KEY) === null) {
    throw redirect({ href: '/welcome', replace: true })
  }
}

/** SPEC §2: /budget/{budgetId} is an alias of the budget's current period. */
export const redirectToCurrentPeriod = ({ context, params }: BudgetArgs): never => {
  throw redirect({
    href: paths.period(params.budgetId, currentPeriodKey(new Date(context.now()))),
    replace: true,
  })
}

/** A malformed period key in an address falls back to the current month instead of a broken view. */
export const requireValidPeriodKey = ({ context, params }: PeriodArgs): void => {
  if (!isPeriodKey(params.periodKey)) redirectToCurrentPeriod({ context, params })
}
