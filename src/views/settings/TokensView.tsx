import { regionalLocale } from '../../i18n/regionalLocale.ts'
import '../../components/dialog/form.css'
import './tokens.css'
import { useMemo, useState } from 'react'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import './settings.css'
import './texts.ts'
import { useDevice } from '../../layouts/useDevice.ts'
import { CreateTokenForm } from './CreateTokenForm.tsx'
import { DisplayNameSection } from './DisplayNameSection.tsx'
import { NewTokenNotice } from './NewTokenNotice.tsx'
import { TokenRow } from './TokenRow.tsx'
import type { CreatedToken } from './tokensApi.ts'
import { type TokensState, useTokens } from './useTokens.ts'

const TokenList = ({
  state,
  reload,
  replace,
}: ReturnType<typeof useTokens> & { readonly state: TokensState }) => {
  const { t, i18n } = useTranslation()
  const formatDate = useMemo(() => {
    const format = new Intl.DateTimeFormat(regionalLocale(i18n.resolvedLanguage), {
      dateStyle: 'medium',
      timeStyle: 'short',
    })
    return (iso: string) => format.format(new Date(iso))
  }, [i18n.resolvedLanguage])
  if (state.status === 'loading') return <p role="status">{t('tokens.loading')}</p>
  if (state.status === 'failed') {
    return (
      <div className="notice notice--error" role="alert">
        <p>{t('tokens.loadFailed')}</p>
        <Button className="button" onPress={reload}>
          {t('tokens.retry')}
        </Button>
      </div>
    )
  }
  if (state.tokens.length === 0) return <p>{t('tokens.empty')}</p>
  return (
    <ul className="tokens__list" aria-label={t('tokens.listLabel')}>
      {state.tokens.map((token) => (
        <TokenRow key={token.id} token={token} formatDate={formatDate} onRevoked={replace} />
      ))}
    </ul>
  )
}

/** Settings → personal access tokens (YNAB-style): create named tokens for scripts, list them, revoke them. */
export default function TokensView() {
  const { t } = useTranslation()
  const tokens = useTokens()
  const device = useDevice()
  const [created, setCreated] = useState<CreatedToken | null>(null)
  const onCreated = (token: CreatedToken) => {
    setCreated(token)
    tokens.reload()
  }
  return (
    <section className="tokens">
      {/* The desktop's settings pages start here (its language and theme sit in the header); phones have 'Ustawienia'. */}
      {device === 'desktop' ? <DisplayNameSection /> : null}
      <p>{t('tokens.intro')}</p>
      <CreateTokenForm onCreated={onCreated} />
      {created === null ? null : <NewTokenNotice created={created} onDismiss={() => setCreated(null)} />}
      <h2>{t('tokens.listTitle')}</h2>
      <TokenList {...tokens} />
    </section>
  )
}
