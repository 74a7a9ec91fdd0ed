import { type FormEvent, useEffect, useId, useState } from 'react'
import { Button, FieldError, Form, Input, Label, Text, TextField } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { useLoadApi } from '../../api/ApiContext.tsx'
import { type ProfileName, readProfileName, saveDisplayName } from './profileApi.ts'
import { useTokenToasts } from './useTokenToasts.ts'

/** The schema's limit (schemas/sharing.ts DisplayName). */
const NAME_MAX_LENGTH = 60

/**
 * "Nazwa widoczna dla innych": how the members of a shared budget see the person (members list, activity, presence).
 * Blank goes back to the e-mail.
 */
export function DisplayNameSection() {
  const { t } = useTranslation()
  const loadApi = useLoadApi()
  const toasts = useTokenToasts()
  const titleId = useId()
  const [profile, setProfile] = useState<ProfileName | 'loading' | 'failed'>('loading')
  const [name, setName] = useState('')
  const [pending, setPending] = useState(false)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    const controller = new AbortController()
    // `attempt` reads again after a failure.
    void attempt
    readProfileName(loadApi, controller.signal).then(
      (read) => {
        setProfile(read)
        setName(read.displayName ?? '')
      },
      () => {
        if (!controller.signal.aborted) setProfile('failed')
      },
    )
    return () => controller.abort()
  }, [loadApi, attempt])
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setPending(true)
    try {
      const saved = await saveDisplayName(loadApi, name)
      setProfile(saved)
      setName(saved.displayName ?? '')
      toasts.success('settings.profile.saved')
    } catch (error) {
      await toasts.failure(error)
    } finally {
      setPending(false)
    }
  }
  return (
    <section className="settings__section profile-name" aria-labelledby={titleId}>
      <h2 id={titleId} className="settings__title">
        {t('settings.profile.title')}
      </h2>
      {profile === 'loading' ? <p role="status">{t('settings.profile.loading')}</p> : null}
      {profile === 'failed' ? (
        <div className="notice notice--error" role="alert">
          <p>{t('settings.profile.loadFailed')}</p>
          <Button className="button" onPress={() => setAttempt((count) => count + 1)}>
            {t('settings.profile.retry')}
          </Button>
        </div>
      ) : null}
      {typeof profile === 'object' ? (
        <Form className="profile-name__form" onSubmit={submit} validationBehavior="aria">
          <TextField
            className="profile-name__field"
            value={name}
            onChange={setName}
            maxLength={NAME_MAX_LENGTH}
          >
            <Label>{t('settings.profile.label')}</Label>
            <Input placeholder={profile.email ?? ''} />
            <Text slot="description" className="settings__hint">
              {t('settings.profile.help')}
            </Text>
            <FieldError />
          </TextField>
          <Button type="submit" className="button button--primary" isPending={pending}>
            {t('settings.profile.save')}
          </Button>
        </Form>
      ) : null}
    </section>
  )
}
