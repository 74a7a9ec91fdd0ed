import './filters.css'
import { ChoiceSelect } from '../dialog/FormDialog.tsx'

export type BarChoice = { readonly id: string; readonly label: string }

// react-aria keys cannot be empty; '' (any) travels as this key.
const ANY = '__any__'

/** A filter bar's select: '' is "any" (named by the caller's area, whose texts are loaded with it). */
export function BarSelect({
  label,
  anyLabel,
  value,
  choices,
  onChange,
  className = 'field tx-filter',
}: {
  readonly label: string
  readonly anyLabel: string
  readonly value: string
  readonly choices: ReadonlyArray<BarChoice>
  readonly onChange: (value: string) => void
  readonly className?: string
}) {
  const items = [{ id: ANY, label: anyLabel }, ...choices]
  return (
    <ChoiceSelect
      className={className}
      label={label}
      value={value === '' ? ANY : value}
      choices={items}
      error=""
      onChange={(id) => onChange(id === ANY ? '' : id)}
    />
  )
}
