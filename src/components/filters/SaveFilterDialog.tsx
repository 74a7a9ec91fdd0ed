import { useState } from 'react'
import {
  Button,
  Dialog,
  FieldError,
  Form,
  Heading,
  Input,
  Label,
  Modal,
  ModalOverlay,
  TextField,
} from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { useDevice } from '../../layouts/useDevice.ts'

/** What the dialog says, in the caller's area's words (a filter, a report view). */
export type SaveFilterTexts = { readonly title: string; readonly name: string; readonly save: string }

/** Names a new saved filter; Enter saves, Escape cancels. */
export function SaveFilterDialog({
  texts,
  onSave,
  onClose,
}: {
  readonly texts: SaveFilterTexts
  readonly onSave: (name: string) => void
  readonly onClose: () => void
}) {
  const { t } = useTranslation()
  const device = useDevice()
  const [name, setName] = useState('')
  const [tried, setTried] = useState(false)
  const missing = name.trim() === ''
  return (
    <ModalOverlay className="modal-overlay" isDismissable isOpen onOpenChange={(open) => !open && onClose()}>
      <Modal className={device === 'mobile' ? 'modal modal--sheet' : 'modal'}>
        <Dialog className="dialog">
          <Heading slot="title" className="dialog__title">
            {texts.title}
          </Heading>
          <Form
            className="dialog__form"
            validationBehavior="aria"
            onSubmit={(event) => {
              event.preventDefault()
              setTried(true)
              if (!missing) onSave(name.trim())
            }}
          >
            <TextField
              className="field"
              value={name}
              onChange={setName}
              isInvalid={tried && missing}
              autoFocus
              maxLength={200}
            >
              <Label className="field__label">{texts.name}</Label>
              <Input className="field__input" />
              <FieldError className="field__error">{t('validation.required')}</FieldError>
            </TextField>
            <div className="dialog__actions">
              <Button className="button button--quiet" onPress={onClose}>
                {t('dialog.cancel')}
              </Button>
              <Button className="button button--primary" type="submit">
                {texts.save}
              </Button>
            </div>
          </Form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}
