import { Select } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import type { Choice } from '../../../../machines/dialogs/transactionEditor/index.ts'
import { SelectBody } from '../../../components/dialog/FormDialog.tsx'

/** A select over the editor's choices (accounts, categories); the editor's form holds the value. */
export function ChoiceSelect({
  label,
  value,
  choices,
  onChange,
  error,
  isDisabled = false,
}: {
  readonly label: string
  readonly value: string | null
  readonly choices: ReadonlyArray<Choice>
  readonly onChange: (id: string) => void
  readonly error: string
  readonly isDisabled?: boolean
}) {
  const { t } = useTranslation()
  return (
    <Select
      className="field"
      selectedKey={value}
      onSelectionChange={(key) => key !== null && onChange(String(key))}
      isInvalid={error !== ''}
      isDisabled={isDisabled}
      placeholder={t('dialog.choose')}
    >
      <SelectBody label={label} choices={choices} error={error} />
    </Select>
  )
}
