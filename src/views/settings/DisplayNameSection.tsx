import '../../components/dialog/form.css'
import './settings.css'
import './texts.ts'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { Button, FieldError, Form, Input, Label, Text, TextField } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { useLoadApi } from '../../api/ApiContext.tsx'
import { type ProfileName, readProfileName, saveDisplayName } from './profileApi.ts'
import { useTokenToasts } from './useTokenToasts.ts'

/** The schema's limit (schemas/sharing.ts DisplayName). */
const NAME_MAX_LENGTH = 60

/** The signed-in person's profile name, read once per mount (and again on `retry`). */
export const useProfileName = () => {
  const loadApi = useLoadApi()
  const [profile, setProfile] = useState<ProfileName | 'loading' | 'failed'>('loading')
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    const controller = new AbortController()
    // `attempt` reads again after a failure.
    void attempt
    readProfileName(loadApi, controller.signal).then(setProfile, () => {
      if (!controller.signal.aborted) setProfile('failed')
    })
    return () => controller.abort()
  }, [loadApi, attempt])
  return { profile, setProfile, retry: () => setAttempt((count) => count + 1) }
}

/**
 * The one field for "Nazwa widoczna dla innych" (settings, the members list, the accept page): blank goes back to
 * the e-mail, which the placeholder shows.
 */
export function DisplayNameField({
  value,
  onChange,
  email,
  autoFocus = false,
  optional = false,
}: {
  readonly value: string
  readonly onChange: (value: string) => void
  readonly email: string | null
  readonly autoFocus?: boolean
  /** Said in the label where the name is asked in passing (the accept page). */
  readonly optional?: boolean
}) {
  const { t } = useTranslation()
  return (
    <TextField
      className="field profile-name__field"
      value={value}
      onChange={onChange}
      maxLength={NAME_MAX_LENGTH}
      // Opened on purpose by "Zmień nazwę": the person came to type here.
      autoFocus={autoFocus}
    >
      <Label>{optional ? t('settings.profile.labelOptional') : t('settings.profile.label')}</Label>
      <Input className="field__input" placeholder={email ?? ''} />
      <Text slot="description" className="settings__hint">
        {t('settings.profile.help')}
      </Text>
      <FieldError />
    </TextField>
  )
}

/** The field with its save (and, where it edits in place, cancel). */
export function DisplayNameForm({
  profile,
  onSaved,
  onCancel,
}: {
  readonly profile: ProfileName
  readonly onSaved: (saved: ProfileName) => void
  readonly onCancel?: () => void
}) {
  const { t } = useTranslation()
  const loadApi = useLoadApi()
  const toasts = useTokenToasts()
  const [name, setName] = useState(profile.displayName ?? '')
  const [pending, setPending] = useState(false)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setPending(true)
    try {
      const saved = await saveDisplayName(loadApi, name)
      setName(saved.displayName ?? '')
      toasts.success('settings.profile.saved')
      onSaved(saved)
    } catch (error) {
      await toasts.failure(error)
    } finally {
      setPending(false)
    }
  }
  return (
    <Form className="profile-name__form" onSubmit={submit} validationBehavior="aria">
      <DisplayNameField
        value={name}
        onChange={setName}
        email={profile.email}
        autoFocus={onCancel !== undefined}
      />
      <div className="profile-name__actions">
        <Button type="submit" className="button button--primary" isPending={pending}>
          {t('settings.profile.save')}
        </Button>
        {onCancel === undefined ? null : (
          <Button className="button button--quiet" onPress={onCancel} isDisabled={pending}>
            {t('settings.profile.cancel')}
          </Button>
        )}
      </div>
    </Form>
  )
}

/**
 * "Nazwa widoczna dla innych": how the members of a shared budget see the person (members list, activity, presence).
 * Blank goes back to the e-mail.
 */
export function DisplayNameSection() {
  const { t } = useTranslation()
  const titleId = useId()
  const { profile, setProfile, retry } = useProfileName()
  return (
    <section className="settings__section profile-name" aria-labelledby={titleId}>
      <h2 id={titleId} className="settings__title">
        {t('settings.profile.title')}
      </h2>
      {profile === 'loading' ? <p role="status">{t('settings.profile.loading')}</p> : null}
      {profile === 'failed' ? (
        <div className="notice notice--error" role="alert">
          <p>{t('settings.profile.loadFailed')}</p>
          <Button className="button" onPress={retry}>
            {t('settings.profile.retry')}
          </Button>
        </div>
      ) : null}
      {typeof profile === 'object' ? <DisplayNameForm profile={profile} onSaved={setProfile} /> : null}
    </section>
  )
}
