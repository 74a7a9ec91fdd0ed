import { useState } from 'react'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import type { PersonalToken } from '../../../schemas/identity.ts'
import { useLoadApi } from '../../api/ApiContext.tsx'
import { revokeToken } from './tokensApi.ts'
import { useTokenToasts } from './useTokenToasts.ts'

type Props = {
  readonly token: PersonalToken
  readonly formatDate: (iso: string) => string
  readonly onRevoked: (remaining: ReadonlyArray<PersonalToken>) => void
}

/** One token: name, dates, and Revoke behind a confirm step (SPEC toast.confirm). */
export const TokenRow = ({ token, formatDate, onRevoked }: Props) => {
  const { t } = useTranslation()
  const toasts = useTokenToasts()
  const loadApi = useLoadApi()
  const [confirming, setConfirming] = useState(false)
  const [pending, setPending] = useState(false)

  const revoke = async () => {
    setPending(true)
    try {
      const { tokens } = await revokeToken(loadApi, token.id)
      toasts.success('tokens.revoked')
      onRevoked(tokens)
    } catch (error) {
      setPending(false)
      await toasts.failure(error)
    }
  }

  return (
    <li className="tokens__row" aria-label={token.name}>
      <div className="tokens__facts">
        <strong className="tokens__name">{token.name}</strong>
        <span>{t('tokens.createdAt', { date: formatDate(token.createdAt) })}</span>
        <span>
          {token.lastUsedAt === null
            ? t('tokens.neverUsed')
            : t('tokens.lastUsedAt', { date: formatDate(token.lastUsedAt) })}
        </span>
      </div>
      {confirming ? (
        <fieldset className="tokens__confirm">
          <legend className="visually-hidden">{t('tokens.confirmLabel', { name: token.name })}</legend>
          <p>{t('toast.confirm')}</p>
          <Button className="button button--danger" onPress={revoke} isPending={pending}>
            {t('tokens.confirmRevoke')}
          </Button>
          <Button
            className="button button--secondary"
            onPress={() => setConfirming(false)}
            isDisabled={pending}
          >
            {t('tokens.cancel')}
          </Button>
        </fieldset>
      ) : (
        <Button className="button button--secondary" onPress={() => setConfirming(true)}>
          {t('tokens.revoke')}
        </Button>
      )}
    </li>
  )
}
