import { type ActorRefFrom, createActor, waitFor } from 'xstate'
import {
  type SessionStatus,
  selectAccessToken,
  selectSessionStatus,
  selectSubject,
  sessionMachine,
} from '../../machines/session/index.ts'
import {
  type GateVerdict,
  selectAppVerdict,
  selectBudgetVerdict,
  selectIsGateSettled,
  subscriptionGateMachine,
} from '../../machines/subscriptionGate/index.ts'
import { apiLoader, type LoadApi } from '../api/loadApi.ts'
import { createGatePort } from '../ports/gatePort.ts'
import { createSessionPort } from '../ports/sessionPort.ts'
import { SESSION_COOKIE_MAX_AGE_SECONDS } from './config.ts'
import {
  cookieSlot,
  createUserStore,
  SESSION_COOKIE_NAME,
  SESSION_STORAGE_KEY,
  sessionCookieOptions,
  storageSlot,
} from './userStore.ts'

export type SessionRef = ActorRefFrom<typeof sessionMachine>
export type GateRef = ActorRefFrom<typeof subscriptionGateMachine>

/** What the router's guards may ask (RouterContext.auth); every answer waits until it is known. */
export type AuthAccess = {
  /** Native platform: an unauthenticated user goes to the route named login, not to the provider. */
  readonly isNative: boolean
  settledSession(): Promise<Extract<SessionStatus, 'signedIn' | 'signedOut'>>
  /** Starts the provider redirect; resolves only if the page stays (the failure is in the session's error). */
  signIn(returnTo: string): Promise<void>
  verdict(scope: 'app' | 'budget'): Promise<GateVerdict>
}

export type Auth = {
  readonly session: SessionRef
  readonly gate: GateRef
  readonly access: AuthAccess
  /** The page's HTTP client, carrying this session's token. */
  readonly loadApi: LoadApi
  /** Sends an unauthenticated native user to the login route (set once the router exists). */
  setGoToLogin(goToLogin: () => void): void
  stop(): void
}

const currentHref = () => `${window.location.pathname}${window.location.search}${window.location.hash}`

const browserUserStore = () =>
  createUserStore(
    cookieSlot(
      {
        read: () => document.cookie,
        write: (cookie) => {
          // biome-ignore lint/suspicious/noDocumentCookie: the session cookie is the specified store (SPEC §9).
          document.cookie = cookie
        },
      },
      SESSION_COOKIE_NAME,
      sessionCookieOptions(window.location, SESSION_COOKIE_MAX_AGE_SECONDS),
    ),
  )

/**
 * The session and gate actors, created once at start (main.tsx) and stopped never in practice. The stored user
 * is read at once (a signed-in page needs no OpenID Connect client to show its first screen); the client loads on
 * first need (sign-in, a renewal, sign-out) or in the background after the first screen, the HTTP client on the
 * first request.
 */
export const createAuth = ({
  isNative,
  firstScreenShown,
}: {
  readonly isNative: boolean
  /** Resolves once the first screen is drawn; background work of the OpenID Connect client waits for it. */
  readonly firstScreenShown: Promise<void>
}): Auth => {
  const userStore = isNative
    ? createUserStore(storageSlot(window.localStorage, SESSION_STORAGE_KEY))
    : browserUserStore()
  const session = createActor(sessionMachine, {
    input: { port: createSessionPort(userStore, firstScreenShown) },
  }).start()
  // The page's HTTP client carries this session's token; a 401 starts a fresh sign-in (SPEC §4, §8).
  const loadApi = apiLoader({
    accessToken: () => selectAccessToken(session.getSnapshot()),
    onUnauthorized: () => signIn(currentHref()),
  })
  const gate = createActor(subscriptionGateMachine, { input: { port: createGatePort(loadApi) } }).start()
  let goToLogin = () => {}

  // The gate's answers belong to one user: a different subject (or none) asks again.
  let subject = selectSubject(session.getSnapshot())
  const subjectWatch = session.subscribe((snapshot) => {
    const next = selectSubject(snapshot)
    if (next !== subject) gate.send({ type: 'gate.reset' })
    subject = next
  })

  const signIn = (returnTo: string) => {
    if (isNative) goToLogin()
    else session.send({ type: 'session.signIn', returnTo })
  }

  const access: AuthAccess = {
    isNative,
    async settledSession() {
      const settled = await waitFor(session, (snapshot) => {
        const status = selectSessionStatus(snapshot)
        return status === 'signedIn' || status === 'signedOut'
      })
      return selectSessionStatus(settled) === 'signedIn' ? 'signedIn' : 'signedOut'
    },
    async signIn(returnTo) {
      session.send({ type: 'session.signIn', returnTo })
      await waitFor(session, (snapshot) => selectSessionStatus(snapshot) !== 'redirecting')
    },
    async verdict(scope) {
      gate.send({ type: 'gate.check' })
      const settled = await waitFor(gate, selectIsGateSettled)
      return scope === 'budget' ? selectBudgetVerdict(settled) : selectAppVerdict(settled)
    },
  }

  return {
    session,
    gate,
    access,
    loadApi,
    setGoToLogin(next) {
      goToLogin = next
    },
    stop() {
      subjectWatch.unsubscribe()
      session.stop()
      gate.stop()
    },
  }
}
