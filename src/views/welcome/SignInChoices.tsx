import { useSelector } from '@xstate/react'
import { Button, Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { selectIsSignedIn } from '../../../machines/session/index.ts'
import { useAuth } from '../../auth/AuthContext.tsx'
import { useProviderPages } from '../../auth/useProviderPages.ts'

/**
 * 'Zaloguj się' starts the identity provider's sign-in (SPEC §2, also on the native platform); 'Załóż konto' opens
 * its registration page. A person already signed in is offered the way back into the app instead.
 */
export function SignInChoices({ onChosen }: { readonly onChosen?: () => void }) {
  const { t } = useTranslation()
  const { session } = useAuth()
  const signedIn = useSelector(session, selectIsSignedIn)
  const pages = useProviderPages()
  const signIn = () => {
    onChosen?.()
    session.send({ type: 'session.signIn', returnTo: '/' })
  }
  if (signedIn) {
    return (
      <div className="sign-in-choices">
        <p>{t('welcome.signedIn')}</p>
        <Link className="button" href="/">
          {t('welcome.toApp')}
        </Link>
      </div>
    )
  }
  const register = pages === 'loading' ? null : pages.register
  return (
    <div className="sign-in-choices">
      <Button className="button" onPress={signIn}>
        {t('welcome.signIn')}
      </Button>
      {register === null ? (
        // No registration page of ours (an external provider): its sign-in page offers one, if any.
        <Button className="button button--quiet" onPress={signIn}>
          {t('welcome.register')}
        </Button>
      ) : (
        // A page of the provider, outside the app's router: a plain link leaves the app for it.
        <a className="button button--quiet" href={register} onClick={() => onChosen?.()}>
          {t('welcome.register')}
        </a>
      )}
    </div>
  )
}
