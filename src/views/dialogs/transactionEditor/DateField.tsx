import { type CalendarDate, parseDate } from '@internationalized/date'
import { useSelector } from '@xstate/react'
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
} from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import {
  selectTransactionErrors,
  selectTransactionFields,
  type TransactionFormRef,
} from '../../../../machines/dialogs/transactionEditor/index.ts'
import { ChevronDownIcon } from '../../../components/icons.tsx'
import { errorText } from './errorText.ts'

// The typed text may not be a date yet: the picker then shows its empty segments.
const calendarDate = (date: string): CalendarDate | null => {
  if (date === '') return null
  try {
    return parseDate(date)
  } catch {
    return null
  }
}

/** The date with a Monday-first calendar (SPEC §9: the week starts on Monday). */
export function DateField({ form }: { readonly form: TransactionFormRef }) {
  const { t, i18n } = useTranslation()
  const date = useSelector(form, (snapshot) => selectTransactionFields(snapshot).date)
  const error = useSelector(form, (snapshot) => selectTransactionErrors(snapshot).fields.date)
  return (
    <I18nProvider locale={i18n.resolvedLanguage === 'pl' ? 'pl-PL' : 'en-GB'}>
      <DatePicker
        className="field"
        value={calendarDate(date)}
        onChange={(next) => form.send({ type: 'form.change', field: 'date', value: next?.toString() ?? '' })}
        isInvalid={error !== undefined}
        firstDayOfWeek="mon"
      >
        <Label className="field__label">{t('transactions.editor.date')}</Label>
        <Group className="field__input tx-date">
          <DateInput className="tx-date__input">
            {(segment) => <DateSegment segment={segment} className="tx-date__segment" />}
          </DateInput>
          <Button className="icon-button tx-date__button" aria-label={t('transactions.editor.openCalendar')}>
            <ChevronDownIcon />
          </Button>
        </Group>
        <FieldError className="field__error">{errorText(t, error)}</FieldError>
        <Popover className="select-popover tx-calendar-popover">
          <Dialog className="tx-calendar-dialog" aria-label={t('transactions.editor.calendar')}>
            <Calendar className="tx-calendar" firstDayOfWeek="mon">
              <header className="tx-calendar__header">
                <Button
                  slot="previous"
                  className="icon-button tx-calendar__prev"
                  aria-label={t('transactions.editor.previousMonth')}
                >
                  <ChevronDownIcon />
                </Button>
                <Heading className="tx-calendar__title" />
                <Button
                  slot="next"
                  className="icon-button tx-calendar__next"
                  aria-label={t('transactions.editor.nextMonth')}
                >
                  <ChevronDownIcon />
                </Button>
              </header>
              <CalendarGrid className="tx-calendar__grid">
                {(day) => <CalendarCell date={day} className="tx-calendar__cell" />}
              </CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
    </I18nProvider>
  )
}
