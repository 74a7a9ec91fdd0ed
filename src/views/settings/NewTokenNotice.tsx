import { Button, Input, Label, TextField } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import type { CreatedToken } from './tokensApi.ts'
import { useTokenToasts } from './useTokenToasts.ts'

type Props = { readonly created: CreatedToken; readonly onDismiss: () => void }

/** The one time a token's secret is shown: read-only, copyable, with a warning that it will not come back. */
export const NewTokenNotice = ({ created, onDismiss }: Props) => {
  const { t } = useTranslation()
  const toasts = useTokenToasts()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token)
      toasts.success('tokens.copied')
    } catch (error) {
      await toasts.failure(error)
    }
  }
  return (
    <section className="notice notice--warning tokens__new" aria-label={t('tokens.newTitle')}>
      <p role="alert">{t('tokens.shownOnce', { name: created.name })}</p>
      <TextField className="field" value={created.token} isReadOnly>
        <Label>{t('tokens.secretLabel')}</Label>
        <Input className="field__input tokens__secret" onFocus={(event) => event.currentTarget.select()} />
      </TextField>
      <div className="tokens__actions">
        <Button className="button button--primary" onPress={copy}>
          {t('tokens.copy')}
        </Button>
        <Button className="button button--secondary" onPress={onDismiss}>
          {t('tokens.dismiss')}
        </Button>
      </div>
    </section>
  )
}
