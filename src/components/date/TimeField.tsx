import { regionalLocale } from '../../i18n/regionalLocale.ts'
import './date.css'
import { parseTime, type Time } from '@internationalized/date'
import {
  TimeField as AriaTimeField,
  DateInput,
  DateSegment,
  FieldError,
  I18nProvider,
  Label,
  type TimeValue,
} from 'react-aria-components'
import { useTranslation } from 'react-i18next'

// The browser's own time input follows the browser's language (08:00 PM in a Polish app); this one is always
// 24-hour, its segments named in the app's language.

const readTime = (text: string): Time | null => {
  try {
    return parseTime(text)
  } catch {
    return null
  }
}

const pad = (n: number): string => String(n).padStart(2, '0')

/** 'HH:MM' in and out; '' while a segment is cleared. `error` is already in the user's language. */
export function TimeField({
  label,
  value,
  onChange,
  error = '',
  isDisabled = false,
  className = 'field',
}: {
  readonly label: string
  readonly value: string
  readonly onChange: (time: string) => void
  /** '' when the time is fine. */
  readonly error?: string
  readonly isDisabled?: boolean
  readonly className?: string
}) {
  const { i18n } = useTranslation()
  return (
    <I18nProvider locale={regionalLocale(i18n.resolvedLanguage ?? 'pl')}>
      <AriaTimeField
        className={`${className} time-field`}
        value={readTime(value)}
        onChange={(time: TimeValue | null) =>
          onChange(time === null ? '' : `${pad(time.hour)}:${pad(time.minute)}`)
        }
        hourCycle={24}
        granularity="minute"
        isDisabled={isDisabled}
        isInvalid={error !== ''}
        shouldForceLeadingZeros
      >
        <Label className="field__label">{label}</Label>
        <DateInput className="field__input date-field__group time-field__input">
          {(segment) => <DateSegment segment={segment} className="time-field__segment" />}
        </DateInput>
        <FieldError className="field__error">{error}</FieldError>
      </AriaTimeField>
    </I18nProvider>
  )
}
