import { useRouter } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { Button, Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import {
  selectAuthError,
  selectIsSignedIn,
  selectReturnTo,
  selectSessionStatus,
} from '../../machines/session/index.ts'
import { useAuth } from '../auth/AuthContext.tsx'
import { safeReturnTo } from '../auth/sessionUser.ts'

// The authentication routes of SPEC §2 with their real work; each one tells the person plainly where they are.

type MessageProps = { readonly titleKey: string; readonly bodyKey?: string; readonly busy?: boolean }

const Message = ({ titleKey, bodyKey, busy = false, children }: MessageProps & { children?: ReactNode }) => {
  const { t } = useTranslation()
  const titleId = useId()
  return (
    <section className="notice" aria-labelledby={titleId} aria-busy={busy} role={busy ? 'status' : undefined}>
      <h2 id={titleId} className="notice__title">
        {t(titleKey)}
      </h2>
      {bodyKey === undefined ? null : <p>{t(bodyKey)}</p>}
      {children}
    </section>
  )
}

const SignInButton = ({ labelKey = 'auth.signIn' }: { readonly labelKey?: string }) => {
  const { session } = useAuth()
  const { t } = useTranslation()
  return (
    <Button className="button" onPress={() => session.send({ type: 'session.signIn', returnTo: '/' })}>
      {t(labelKey)}
    </Button>
  )
}

/** /callback: completes the sign-in and returns to the address it started from (SPEC §2). */
export const AuthCallbackView = () => {
  const { session } = useAuth()
  const router = useRouter()
  const status = useSelector(session, selectSessionStatus)
  const failed = useSelector(session, selectAuthError) !== null
  const returnTo = useSelector(session, selectReturnTo)
  // Sent once per page, even when React runs the effect twice in development.
  const sent = useRef(false)
  // Only the sign-in this page completes may navigate (a user restored from storage is already signed in).
  const [completionStarted, setCompletionStarted] = useState(false)
  useEffect(() => {
    if (sent.current) return
    sent.current = true
    session.send({ type: 'session.callback', url: window.location.href })
    setCompletionStarted(true)
  }, [session])
  useEffect(() => {
    if (completionStarted && status === 'signedIn') router.history.replace(returnTo ?? '/')
  }, [completionStarted, status, returnTo, router])
  if (status === 'signedOut' && failed) {
    return (
      <Message titleKey="auth.callbackFailed">
        <SignInButton labelKey="auth.signInAgain" />
      </Message>
    )
  }
  if (status === 'signedOut') {
    return (
      <Message titleKey="auth.callbackAnonymous">
        <SignInButton />
      </Message>
    )
  }
  return <Message titleKey="auth.completing" busy />
}

/** /silentRenew, inside the hidden frame: hands the provider's answer to the page that asked. */
export const SilentRenewView = () => {
  useEffect(() => {
    void import('../auth/silentRenew.ts').then(({ completeSilentRenew }) => completeSilentRenew())
  }, [])
  return null
}

/** /logout: removes the stored user and leaves for the provider's end-session page (SPEC §4). */
export const LogoutView = () => {
  const { session } = useAuth()
  const status = useSelector(session, selectSessionStatus)
  const sent = useRef(false)
  useEffect(() => {
    if (sent.current || status !== 'signedIn') return
    sent.current = true
    session.send({ type: 'session.signOut' })
  }, [session, status])
  // Signed out before anything was sent, or the end-session redirect failed (the problem notice says why).
  if (status === 'signedOut') {
    return (
      <Message titleKey="auth.signedOut">
        <SignInButton />
      </Message>
    )
  }
  return <Message titleKey="auth.signingOut" busy />
}

/** /signout-callback: back from the provider's end-session page. */
export const SignoutCallbackView = () => (
  <Message titleKey="auth.signedOut" bodyKey="auth.signedOutBody">
    <SignInButton />
  </Message>
)

/**
 * /registration-callback: the account exists; signing in is one press away (or done already). Registering from an
 * invitation carries `returnTo`: sign-in starts at once (the provider remembers the new account, so no password is
 * asked) and lands back on the invitation.
 */
export const RegistrationCallbackView = () => {
  const { session } = useAuth()
  const { t } = useTranslation()
  const signedIn = useSelector(session, selectIsSignedIn)
  const status = useSelector(session, selectSessionStatus)
  const returnTo = safeReturnTo(new URLSearchParams(window.location.search).get('returnTo'))
  const sent = useRef(false)
  useEffect(() => {
    // Only once the stored session is known to be absent: restoring it ignores a sign-in.
    if (sent.current || status !== 'signedOut' || returnTo === null) return
    sent.current = true
    session.send({ type: 'session.signIn', returnTo })
  }, [session, status, returnTo])
  if (returnTo !== null && !signedIn) return <Message titleKey="auth.registered" busy />
  return (
    <Message titleKey="auth.registered" bodyKey="auth.registeredBody">
      {signedIn ? (
        <Link className="button" href={returnTo ?? '/'}>
          {t('auth.backHome')}
        </Link>
      ) : (
        <SignInButton labelKey="auth.signInFirstTime" />
      )}
    </Message>
  )
}

/** /delete-account-callback: the provider deleted the account and ended its session. */
export const DeleteAccountCallbackView = () => {
  const { session } = useAuth()
  useEffect(() => {
    // The tokens belong to an account that no longer exists.
    session.send({ type: 'session.endedAtProvider' })
  }, [session])
  return <Message titleKey="auth.accountDeleted" bodyKey="auth.accountDeletedBody" />
}
