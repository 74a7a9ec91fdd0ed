import { regionalLocale } from '../../i18n/regionalLocale.ts'
import './date.css'
import { type CalendarDate, parseDate } from '@internationalized/date'
import * as Result from 'effect/Result'
import { type KeyboardEvent, useState } from 'react'
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  Dialog,
  DialogTrigger,
  FieldError,
  Group,
  Heading,
  I18nProvider,
  Input,
  Label,
  Popover,
  Text,
  TextField,
} from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { addDays, formatDateText, parseDateText } from '../../../domain/dateText.ts'
import { IsoDate } from '../../../schemas/money.ts'
import { ChevronDownIcon } from '../icons.tsx'

// The calendar's month names and first day follow the app's language, not the browser's.

const readDate = (text: string): IsoDate | null => {
  const parsed = parseDateText(text)
  return Result.isSuccess(parsed) ? parsed.success : null
}

/**
 * The one date field of the app: typed text in the app's language (pl and de 26.11.2026, en 26/11/2026, the
 * pattern shown under the label), a calendar beside it (Alt+↓ opens it), ↑/↓ step a day. The owner keeps the text
 * and checks it (machines/dialogs/shared checkDate); `error` and `warning` are already in the user's language.
 */
export function DateField({
  label,
  value,
  onChange,
  error = '',
  description,
  warning,
  autoFocus = false,
  className = 'field',
}: {
  readonly label: string
  readonly value: string
  readonly onChange: (text: string) => void
  /** '' when the date is fine. */
  readonly error?: string
  readonly description?: string
  /** Said but not refused (e.g. a date before the account was opened). */
  readonly warning?: string | null
  readonly autoFocus?: boolean
  readonly className?: string
}) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? 'pl'
  const [calendarOpen, setCalendarOpen] = useState(false)
  const date = readDate(value)
  const write = (next: IsoDate) => onChange(formatDateText(next, language))
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' && event.altKey) {
      event.preventDefault()
      setCalendarOpen(true)
    } else if ((event.key === 'ArrowUp' || event.key === 'ArrowDown') && date !== null) {
      event.preventDefault()
      write(addDays(date, event.key === 'ArrowUp' ? 1 : -1))
    }
  }
  return (
    <TextField
      className={`${className} date-field`}
      value={value}
      onChange={onChange}
      // A readable date is written back in the language's own form ('5,3,2026' → '05.03.2026').
      onBlur={() => {
        if (date !== null && formatDateText(date, language) !== value) write(date)
      }}
      onKeyDown={onKeyDown}
      isInvalid={error !== ''}
      autoFocus={autoFocus}
      inputMode="decimal"
      autoComplete="off"
    >
      <Label className="field__label">{label}</Label>
      <Group className="field__input date-field__group">
        <Input className="date-field__input" placeholder={t('dates.pattern')} />
        <I18nProvider locale={regionalLocale(language)}>
          <DialogTrigger isOpen={calendarOpen} onOpenChange={setCalendarOpen}>
            <Button className="icon-button date-field__button" aria-label={t('dates.openCalendar')}>
              <ChevronDownIcon />
            </Button>
            <Popover className="select-popover date-calendar-popover">
              <Dialog className="date-calendar-dialog" aria-label={t('dates.calendar')}>
                <Calendar
                  className="date-calendar"
                  firstDayOfWeek="mon"
                  value={date === null ? null : calendarDate(date)}
                  onChange={(picked) => {
                    write(IsoDate.make(picked.toString()))
                    setCalendarOpen(false)
                  }}
                >
                  <header className="date-calendar__header">
                    <Button
                      slot="previous"
                      className="icon-button date-calendar__prev"
                      aria-label={t('dates.previousMonth')}
                    >
                      <ChevronDownIcon />
                    </Button>
                    <Heading className="date-calendar__title" />
                    <Button
                      slot="next"
                      className="icon-button date-calendar__next"
                      aria-label={t('dates.nextMonth')}
                    >
                      <ChevronDownIcon />
                    </Button>
                  </header>
                  <CalendarGrid className="date-calendar__grid">
                    {(day) => <CalendarCell date={day} className="date-calendar__cell" />}
                  </CalendarGrid>
                </Calendar>
              </Dialog>
            </Popover>
          </DialogTrigger>
        </I18nProvider>
      </Group>
      <Text slot="description" className="field__description date-field__description">
        {/* Under a readable date the pattern is noise to the eye; a reader still hears how to type one. */}
        <span className={date === null ? 'date-field__pattern' : 'date-field__pattern visually-hidden'}>
          {t('dates.pattern')}
        </span>
        {description === undefined ? null : <span>{description}</span>}
        {warning ? <span className="date-field__warning">{warning}</span> : null}
      </Text>
      <FieldError className="field__error">{error}</FieldError>
    </TextField>
  )
}

// A date the calendar can show; the field's text may be anything while typed.
const calendarDate = (date: IsoDate): CalendarDate => parseDate(date)
