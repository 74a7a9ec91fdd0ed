import './form.css'
import './texts.ts'
import { useSelector } from '@xstate/react'
import { type ReactNode, useEffect } from 'react'
import {
  Button,
  Dialog,
  FieldError,
  Form,
  Heading,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Modal,
  ModalOverlay,
  Popover,
  Select,
  SelectValue,
  Text,
  TextField,
} from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import type { ActorRef, Snapshot } from 'xstate'
import {
  type DialogSnapshotLike,
  type FormDialogEvent,
  fieldChange,
  selectFieldError,
  selectFields,
  selectIsClosed,
  selectIsSubmitting,
  selectRefusalKey,
} from '../../../machines/dialogs/shared/index.ts'
import { useDevice } from '../../layouts/useDevice.ts'
import { DateField } from '../date/DateField.tsx'
import { ChevronDownIcon } from '../icons.tsx'
import { selectAllOnEntry } from '../money/selectAllOnFocus.ts'
import { DiscardConfirm } from './DiscardConfirm.tsx'

/** Any dialog machine's actor: a form snapshot and the form-dialog events (each flow adds its own on top). */
export type FormDialogRef<F> = ActorRef<DialogSnapshotLike<F> & Snapshot<unknown>, FormDialogEvent<F>>

/**
 * The frame of every dialog: a modal on desktop, a full-height sheet on phones; Escape and the overlay dismiss.
 * `modalClassName` adds a class to the modal (e.g. a wider editor).
 */
export function DialogFrame({
  title,
  onDismiss,
  children,
  isOpen = true,
  modalClassName,
}: {
  readonly title: string
  readonly onDismiss: () => void
  readonly children: ReactNode
  readonly isOpen?: boolean
  readonly modalClassName?: string
}) {
  const device = useDevice()
  const extra = modalClassName === undefined ? '' : ` ${modalClassName}`
  return (
    <ModalOverlay
      className="modal-overlay"
      isDismissable
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onDismiss()
      }}
    >
      <Modal className={`${device === 'mobile' ? 'modal modal--sheet' : 'modal'}${extra}`}>
        <Dialog className="dialog">
          <Heading slot="title" className="dialog__title">
            {title}
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}

/**
 * The frame of every form dialog: a modal on desktop, a full-height sheet on phones. Enter submits, Escape and
 * the overlay cancel; the machine decides when it is over and the view closes (`onClosed`).
 */
export function FormDialog<F>({
  actor,
  title,
  submitLabel,
  onClosed,
  children,
  destructive = false,
}: {
  readonly actor: FormDialogRef<F>
  readonly title: string
  readonly submitLabel: string
  readonly onClosed: () => void
  readonly children: ReactNode
  readonly destructive?: boolean
}) {
  const { t } = useTranslation()
  const closed = useSelector(actor, selectIsClosed)
  const submitting = useSelector(actor, selectIsSubmitting)
  const refusalKey = useSelector(actor, selectRefusalKey)
  useEffect(() => {
    if (closed) onClosed()
  }, [closed, onClosed])
  const cancel = () => actor.send({ type: 'dialog.cancel' })
  return (
    <DialogFrame title={title} onDismiss={cancel} isOpen={!closed}>
      <Form
        className="dialog__form"
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: 'dialog.submit' })
        }}
      >
        {children}
        {refusalKey === null ? null : (
          <p className="notice notice--error" role="alert">
            {t(refusalKey)}
          </p>
        )}
        <div className="dialog__actions">
          <Button className="button button--quiet" onPress={cancel}>
            {t('dialog.cancel')}
          </Button>
          <Button
            className={destructive ? 'button button--danger' : 'button button--primary'}
            type="submit"
            isPending={submitting}
          >
            {submitLabel}
          </Button>
        </div>
      </Form>
      <DiscardConfirm actor={actor} />
    </DialogFrame>
  )
}

/** A text field bound to one field of a dialog machine: its value, its change event and its error. */
/**
 * One field of a dialog machine, as its control binds it: the value, the error (and its text in the person's
 * language), and `set`, which hands typed text or a chosen id to the machine, which owns the value and checks it.
 */
export function useDialogField<F, K extends keyof F & string>(actor: FormDialogRef<F>, field: K) {
  const { t } = useTranslation()
  const value = useSelector(actor, (snapshot) => selectFields(snapshot)[field])
  const error = useSelector(actor, (snapshot) => selectFieldError(snapshot, field))
  const change = fieldChange<F>()
  const errorText = error === undefined ? '' : t(error.key, error.params ?? {})
  // A form's fields are text or a choice's id; the machine's check turns them into values.
  const set = (text: string) => actor.send(change(field, text as F[K]))
  return { value, error, errorText, set }
}

export function DialogTextField<F, K extends keyof F & string>({
  actor,
  field,
  label,
  description,
  inputMode,
  type = 'text',
  autoFocus = false,
}: {
  readonly actor: FormDialogRef<F>
  readonly field: K
  readonly label: string
  readonly description?: string
  readonly inputMode?: 'decimal' | 'text'
  readonly type?: 'text'
  readonly autoFocus?: boolean
}) {
  const { value, error, errorText, set } = useDialogField(actor, field)
  return (
    <TextField
      className="field"
      value={String(value)}
      // The machine owns the value; each field is typed text.
      onChange={set}
      isInvalid={error !== undefined}
      type={type}
      autoFocus={autoFocus}
      {...(inputMode === undefined ? {} : { inputMode })}
    >
      <Label className="field__label">{label}</Label>
      <Input className="field__input" {...(inputMode === 'decimal' ? selectAllOnEntry : {})} />
      {description === undefined ? null : (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      )}
      <FieldError className="field__error">{errorText}</FieldError>
    </TextField>
  )
}

/** The app's one date field (typed text in the user's language) bound to one field of a dialog machine. */
export function DialogDateField<F, K extends keyof F & string>({
  actor,
  field,
  label,
  description,
  autoFocus = false,
}: {
  readonly actor: FormDialogRef<F>
  readonly field: K
  readonly label: string
  readonly description?: string
  readonly autoFocus?: boolean
}) {
  const { value, errorText, set } = useDialogField(actor, field)
  return (
    <DateField
      label={label}
      value={String(value)}
      // The machine owns the value; a date field is typed text.
      onChange={set}
      error={errorText}
      autoFocus={autoFocus}
      {...(description === undefined ? {} : { description })}
    />
  )
}

/** One option of a select; `description` says what choosing it does (shown under the label in the list). */
export type Choice = { readonly id: string; readonly label: string; readonly description?: string }

/**
 * The inside of every select in the app: its label, the trigger with the chosen value, the error if any, and the
 * list of choices, inside ChoiceSelect's react-aria `<Select>`.
 */
function SelectBody({
  label,
  choices,
  error,
  autoFocus = false,
}: {
  readonly label: string
  readonly choices: ReadonlyArray<Choice>
  readonly error?: string | undefined
  readonly autoFocus?: boolean
}) {
  return (
    <>
      <Label className="field__label">{label}</Label>
      <Button className="field__input field__select" autoFocus={autoFocus}>
        {/* The field shows the chosen option's name; its description belongs to the list only. */}
        <SelectValue>
          {({ isPlaceholder, selectedText, defaultChildren }) =>
            isPlaceholder ? defaultChildren : selectedText
          }
        </SelectValue>
        <ChevronDownIcon />
      </Button>
      {error === undefined ? null : <FieldError className="field__error">{error}</FieldError>}
      <Popover className="select-popover">
        <ListBox className="select-list" items={choices}>
          {(choice) => (
            <ListBoxItem className="select-list__item" id={choice.id} textValue={choice.label}>
              {choice.description === undefined ? (
                choice.label
              ) : (
                <span className="select-list__text">
                  <Text slot="label">{choice.label}</Text>
                  <Text slot="description" className="select-list__description">
                    {choice.description}
                  </Text>
                </span>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </>
  )
}

/**
 * The one select bound to a field of a dialog machine (a category, an account, an option): the machine owns the
 * value, a choice's id is the field's value. `autoFocus` for dialogs whose first field is a choice; `onChosen`
 * for a view that adjusts other fields when this one changes.
 */
export function DialogSelectField<F, K extends keyof F & string>({
  actor,
  field,
  label,
  choices,
  autoFocus = false,
  onChosen,
}: {
  readonly actor: FormDialogRef<F>
  readonly field: K
  readonly label: string
  readonly choices: ReadonlyArray<Choice>
  readonly autoFocus?: boolean
  readonly onChosen?: (id: string) => void
}) {
  const { value, errorText, set } = useDialogField(actor, field)
  return (
    <ChoiceSelect
      label={label}
      value={value === '' || value === null ? null : String(value)}
      choices={choices}
      autoFocus={autoFocus}
      error={errorText}
      onChange={(id) => {
        set(id)
        onChosen?.(id)
      }}
    />
  )
}

/**
 * The select itself, for a form whose machine is not on the shared form-dialog chart (the transaction editor's
 * splits); DialogSelectField binds it to a form-dialog field. `error` is the localized text, '' for none.
 */
export function ChoiceSelect({
  label,
  value,
  choices,
  onChange,
  error,
  autoFocus = false,
  isDisabled = false,
  className = 'field',
}: {
  readonly label: string
  readonly value: string | null
  readonly choices: ReadonlyArray<Choice>
  readonly onChange: (id: string) => void
  readonly error: string
  readonly autoFocus?: boolean
  readonly isDisabled?: boolean
  readonly className?: string
}) {
  const { t } = useTranslation()
  return (
    <Select
      className={className}
      selectedKey={value}
      onSelectionChange={(key) => key !== null && onChange(String(key))}
      isInvalid={error !== ''}
      isDisabled={isDisabled}
      placeholder={t('dialog.choose')}
    >
      <SelectBody
        label={label}
        choices={choices}
        autoFocus={autoFocus}
        error={error === '' ? undefined : error}
      />
    </Select>
  )
}
