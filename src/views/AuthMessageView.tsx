import { Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { NotAvailable } from '../components/NotAvailable.tsx'

// The authentication routes of SPEC §2. Their real work (oidc-client-ts) arrives with the sign-in issue;
// until then each one tells the person plainly where they are.

const Message = ({ textKey }: { textKey: string }) => {
  const { t } = useTranslation()
  return (
    <section className="notice">
      <p>{t(textKey)}</p>
      <Link className="button" href="/">
        {t('auth.backHome')}
      </Link>
    </section>
  )
}

/** /silentRenew runs in a hidden frame once sessions exist; opened directly it is simply not available. */
export const SilentRenewView = () => <NotAvailable />

export const LogoutView = () => <Message textKey="auth.logout" />

/** /callback, /signout-callback, /registration-callback, /delete-account-callback. */
export const AuthCallbackView = () => <Message textKey="auth.callback" />
