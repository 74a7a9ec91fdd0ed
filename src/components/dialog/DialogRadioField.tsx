import { FieldError, Label, Radio, RadioGroup, type RadioProps } from 'react-aria-components'
import { type Choice, type FormDialogRef, useDialogField } from './FormDialog.tsx'

type RadioKeyEvent = Parameters<NonNullable<RadioProps['onKeyDown']>>[0]

export type RadioChoice = Choice & { readonly description: string }

/** Options of a dialog machine's field as radio buttons, each with a line of what it does; Enter submits. */
export function DialogRadioField<F, K extends keyof F & string>({
  actor,
  field,
  label,
  choices,
  autoFocus = true,
}: {
  readonly actor: FormDialogRef<F>
  readonly field: K
  readonly label: string
  readonly choices: ReadonlyArray<RadioChoice>
  /** The first option takes the focus as the dialog opens (unless another field comes first). */
  readonly autoFocus?: boolean
}) {
  const { value, error, errorText, set } = useDialogField(actor, field)
  const submitOnEnter = (event: RadioKeyEvent) => {
    // react-aria stops a key event a handler receives: every other key (Escape closing the dialog, the arrows) goes on.
    if (event.key !== 'Enter') {
      event.continuePropagation()
      return
    }
    event.preventDefault()
    actor.send({ type: 'dialog.submit' })
  }
  return (
    <RadioGroup
      className="field choice-radios"
      value={value === '' || value === null ? null : String(value)}
      onChange={set}
      isInvalid={error !== undefined}
    >
      <Label className="field__label">{label}</Label>
      {choices.map((choice, index) => (
        <Radio
          key={choice.id}
          value={choice.id}
          className="choice-radio"
          autoFocus={autoFocus && index === 0}
          onKeyDown={submitOnEnter}
        >
          <span className="choice-radio__label">{choice.label}</span>
          <span className="field__description">{choice.description}</span>
        </Radio>
      ))}
      <FieldError className="field__error">{errorText}</FieldError>
    </RadioGroup>
  )
}
