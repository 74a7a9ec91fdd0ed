import { useSelector } from '@xstate/react'
import { useEffect, useId } from 'react'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { getToastsRef } from '../../machines/app/index.ts'
import { selectAuthError } from '../../machines/session/index.ts'
import { useAppActor } from '../app/AppActor.tsx'
import { useAuth } from './AuthContext.tsx'
import { AUTH_ERROR_MESSAGE_KEYS } from './errorMessages.ts'

/** Pages that are themselves part of signing in: a fresh sign-in from them returns to the app root. */
const AUTH_PATHS = new Set([
  '/callback',
  '/silentRenew',
  '/logout',
  '/signout-callback',
  '/registration-callback',
  '/delete-account-callback',
])

export const returnHereHref = (): string =>
  AUTH_PATHS.has(window.location.pathname)
    ? '/'
    : `${window.location.pathname}${window.location.search}${window.location.hash}`

/** SPEC §4 silent-renew error event → a warning toast: the token still works until it expires. */
const useRenewFailureToasts = () => {
  const app = useAppActor()
  const { session } = useAuth()
  useEffect(() => {
    const subscription = session.on('session.renewFailed', () => {
      getToastsRef(app).send({ type: 'toast.show', kind: 'warning', messageKey: 'auth.renewFailed' })
    })
    return () => subscription.unsubscribe()
  }, [app, session])
}

/**
 * The UI reaction to SPEC §8 authentication errors (decided here; SPEC leaves it open): a notice that says what
 * went wrong in plain words, with "Sign in again" (a fresh sign-in that returns here) and "Close".
 */
export const AuthProblem = () => {
  const { session } = useAuth()
  useRenewFailureToasts()
  const error = useSelector(session, selectAuthError)
  const { t } = useTranslation()
  const titleId = useId()
  if (error === null) return null
  return (
    <section className="notice notice--error auth-problem" role="alert" aria-labelledby={titleId}>
      <h2 id={titleId} className="notice__title">
        {t('auth.problem.title')}
      </h2>
      <p>{t(AUTH_ERROR_MESSAGE_KEYS[error])}</p>
      <div className="auth-problem__actions">
        <Button
          className="button"
          onPress={() => session.send({ type: 'session.signIn', returnTo: returnHereHref() })}
        >
          {t('auth.signInAgain')}
        </Button>
        <Button
          className="button button--secondary"
          onPress={() => session.send({ type: 'session.dismissError' })}
        >
          {t('auth.problem.close')}
        </Button>
      </div>
    </section>
  )
}
