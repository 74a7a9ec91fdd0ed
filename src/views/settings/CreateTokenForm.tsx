import { type FormEvent, useState } from 'react'
import { Button, FieldError, Form, Input, Label, TextField } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { useLoadApi } from '../../api/ApiContext.tsx'
import type { CreatedToken } from './tokensApi.ts'
import { createToken } from './tokensApi.ts'
import { useTokenToasts } from './useTokenToasts.ts'

const NAME_MAX_LENGTH = 100

type Props = { readonly onCreated: (created: CreatedToken) => void }

/** Names and creates a token; the name is required (SPEC validation.required). */
export const CreateTokenForm = ({ onCreated }: Props) => {
  const { t } = useTranslation()
  const toasts = useTokenToasts()
  const loadApi = useLoadApi()
  const [name, setName] = useState('')
  const [showRequired, setShowRequired] = useState(false)
  const [pending, setPending] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const trimmed = name.trim()
    if (trimmed === '') {
      setShowRequired(true)
      return
    }
    setPending(true)
    try {
      onCreated(await createToken(loadApi, trimmed))
      setName('')
      toasts.success('tokens.created')
    } catch (error) {
      await toasts.failure(error)
    } finally {
      setPending(false)
    }
  }

  return (
    <Form className="tokens__form" onSubmit={submit} validationBehavior="aria">
      <TextField
        className="field"
        value={name}
        onChange={(value) => {
          setName(value)
          setShowRequired(false)
        }}
        isInvalid={showRequired}
        isRequired
        maxLength={NAME_MAX_LENGTH}
      >
        <Label>{t('tokens.nameLabel')}</Label>
        <Input className="field__input" placeholder={t('tokens.namePlaceholder')} />
        <FieldError>{t('validation.required')}</FieldError>
      </TextField>
      <Button type="submit" className="button button--primary" isPending={pending}>
        {t('tokens.create')}
      </Button>
    </Form>
  )
}
