import './texts.ts'
import './welcome.css'
import { Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { SignInChoices } from './SignInChoices.tsx'

/**
 * Mobile /login (SPEC §2): where the native app sends a signed-out person (the browser goes straight to the
 * provider). Reached only once the welcome screens were seen; the button starts the provider's sign-in.
 */
export default function LoginView() {
  const { t } = useTranslation()
  return (
    <section className="login">
      <p>{t('welcome.loginBody')}</p>
      <SignInChoices />
      <Link className="login__again" href="/welcome">
        {t('welcome.again')}
      </Link>
    </section>
  )
}
