import { fromCallback, fromPromise } from 'xstate'
import { type AuthFailure, classifyAuthError } from './session.errors.ts'
import type { CompletedSignIn, SessionPort, SessionUser } from './session.port.ts'

type PortInput = { readonly port: SessionPort }

/** Expected failures (provider answers, timeouts, lost state) come back as values, never as throws. */
export type Outcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly failure: AuthFailure }

const attempt = async <T>(run: () => Promise<T>): Promise<Outcome<T>> => {
  try {
    return { ok: true, value: await run() }
  } catch (error) {
    return { ok: false, failure: classifyAuthError(error) }
  }
}

/** An unreadable store counts as nobody signed in. */
export const loadStoredUser = fromPromise<SessionUser | null, PortInput>(async ({ input }) => {
  try {
    return await input.port.loadUser()
  } catch {
    return null
  }
})

export type StartSignInInput = PortInput & { readonly returnTo: string }
export const startSignIn = fromPromise<Outcome<void>, StartSignInInput>(({ input }) =>
  attempt(() => input.port.startSignIn(input.returnTo)),
)

export type CompleteSignInInput = PortInput & { readonly url: string }
export const completeSignIn = fromPromise<Outcome<CompletedSignIn>, CompleteSignInInput>(({ input }) =>
  attempt(() => input.port.completeSignIn(input.url)),
)

export const renewSilently = fromPromise<Outcome<SessionUser | null>, PortInput>(({ input }) =>
  attempt(() => input.port.renewSilently()),
)

export type SignOutInput = PortInput & { readonly idTokenHint: string | null }
export const signOut = fromPromise<Outcome<void>, SignOutInput>(({ input }) =>
  attempt(() => input.port.signOut(input.idTokenHint)),
)

/** Session monitoring: the provider says this user's session ended (signed out in another tab or app). */
export const watchProviderSession = fromCallback<{ type: 'session.endedAtProvider' }, PortInput>(
  ({ input, sendBack }) => input.port.onEndedAtProvider(() => sendBack({ type: 'session.endedAtProvider' })),
)
