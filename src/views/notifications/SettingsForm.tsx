import './texts.ts'
import './notifications.css'
import '../../components/dialog/form.css'
import { useSelector } from '@xstate/react'
import type { TFunction } from 'i18next'
import { type ReactNode, useId } from 'react'
import { Button, Checkbox, Switch } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import type { FieldError } from '../../../machines/dialogs/shared/dialog.validation.ts'
import {
  CHANNELS,
  NOTIFICATION_TYPES,
  type notificationSettingsMachine,
  type ReminderKey,
  selectCanEdit,
  selectErrors,
  selectFailure,
  selectFields,
  selectIsChanged,
  selectIsSaving,
  selectSettingsStatus,
  WEEKDAYS,
} from '../../../machines/notificationSettings/index.ts'
import { selectPushProblem, selectPushView } from '../../../machines/pushSubscription/index.ts'
import type { ApiErrorLike } from '../../../machines/toasts/index.ts'
import { TimeField } from '../../components/date/TimeField.tsx'
import { regionalLocale } from '../../i18n/regionalLocale.ts'
import { usePushActor } from './useSettingsActor.ts'

export type SettingsRef = ActorRefFrom<typeof notificationSettingsMachine>

/** Which parts a screen shows: desktop all of them; the phone splits reminders and channels over two screens. */
export type SettingsParts = { readonly reminders: boolean; readonly channels: boolean }

const message = (t: TFunction, error: FieldError | undefined): string | null =>
  error === undefined ? null : t(error.key, { ...error.params })

/** A failed save in words: the server's code when we know it, offline, or the general text; the form is kept. */
const failureText = (t: TFunction, failure: ApiErrorLike): string => {
  const data = failure.data
  const code =
    typeof data === 'object' && data !== null && 'code' in data && typeof data.code === 'string'
      ? data.code
      : null
  if (code === 'validation_failed') return t('notificationSettings.problems.validation_failed')
  if (failure.status === undefined || failure.status === 0) return t('notificationSettings.problems.offline')
  return t('notificationSettings.problems.generic')
}

function Section({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  const id = useId()
  return (
    <section className="settings__section notification-settings__section" aria-labelledby={id}>
      <h2 id={id} className="settings__title">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** Minutes east of UTC of a zone now, from Intl's 'GMT+01:00' ('GMT' for UTC itself); null if Intl cannot say. */
const offsetMinutes = (zone: string, now: Date): number | null => {
  try {
    const name =
      new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
        .formatToParts(now)
        .find((part) => part.type === 'timeZoneName')?.value ?? ''
    if (name === 'GMT') return 0
    const match = /^GMT([+-])(\d{2}):(\d{2})$/u.exec(name)
    if (match === null) return null
    return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]))
  } catch {
    return null
  }
}

const offsetText = (minutes: number): string => {
  const whole = Math.abs(minutes)
  const hh = String(Math.floor(whole / 60)).padStart(2, '0')
  const mm = String(whole % 60).padStart(2, '0')
  return `(UTC${minutes < 0 ? '\u2212' : '+'}${hh}:${mm})`
}

/** Raw IANA ids read badly ('America/Argentina/La_Rioja'): '(UTC−03:00) America / Argentina / La Rioja', by offset. */
const zoneOptions = (zones: ReadonlyArray<string>, now: Date) =>
  zones
    .map((zone) => {
      const offset = offsetMinutes(zone, now)
      const name = zone.replace(/_/gu, ' ').replace(/\//gu, ' / ')
      return { zone, offset, label: offset === null ? name : `${offsetText(offset)} ${name}` }
    })
    .sort((a, b) => (a.offset ?? 0) - (b.offset ?? 0) || a.zone.localeCompare(b.zone))

function TimeZoneField({ settings }: { readonly settings: SettingsRef }) {
  const { t } = useTranslation()
  const fields = useSelector(settings, selectFields)
  const error = message(t, useSelector(settings, selectErrors).timeZone)
  const canEdit = useSelector(settings, selectCanEdit)
  const zones = settings.getSnapshot().context.timeZones
  const id = useId()
  if (fields === null) return null
  const options = zoneOptions(
    zones.includes(fields.timeZone) ? zones : [fields.timeZone, ...zones],
    new Date(),
  )
  return (
    <Section title={t('notificationSettings.timeZone.title')}>
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {t('notificationSettings.timeZone.label')}
        </label>
        <select
          id={id}
          className="field__input notification-settings__select"
          value={fields.timeZone}
          disabled={!canEdit}
          aria-invalid={error !== null || undefined}
          aria-describedby={`${id}-hint${error === null ? '' : ` ${id}-error`}`}
          onChange={(event) => settings.send({ type: 'settings.timeZone', timeZone: event.target.value })}
        >
          {options.map(({ zone, label }) => (
            <option key={zone} value={zone}>
              {label}
            </option>
          ))}
        </select>
        <span id={`${id}-hint`} className="settings__hint">
          {t('notificationSettings.timeZone.hint')}
        </span>
        {error === null ? null : (
          <span id={`${id}-error`} className="field__error">
            {error}
          </span>
        )}
      </div>
    </Section>
  )
}

/** Monday 1 January 2024 onwards: a week to name the days in the user's language. */
const weekdayName = (locale: string, day: number, width: 'short' | 'long'): string =>
  new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, day)),
  )

function ReminderFields({
  settings,
  reminder,
}: {
  readonly settings: SettingsRef
  readonly reminder: ReminderKey
}) {
  const { t, i18n } = useTranslation()
  const locale = regionalLocale(i18n.resolvedLanguage)
  const fields = useSelector(settings, selectFields)
  const errors = useSelector(settings, selectErrors)
  const canEdit = useSelector(settings, selectCanEdit)
  const daysId = useId()
  if (fields === null) return null
  const value = fields[reminder]
  const timeError = message(t, errors[`${reminder}Time`])
  const daysError = message(t, errors[`${reminder}Days`])
  return (
    <Section title={t(`notificationSettings.${reminder}.title`)}>
      <Switch
        className="switch"
        isSelected={value.enabled}
        isDisabled={!canEdit}
        onChange={(enabled) => settings.send({ type: 'settings.reminderEnabled', reminder, enabled })}
      >
        <span className="switch__track" aria-hidden="true">
          <span className="switch__thumb" />
        </span>
        {t(`notificationSettings.${reminder}.enabled`)}
      </Switch>
      <TimeField
        className="field notification-settings__time"
        label={t('notificationSettings.time')}
        value={value.time}
        isDisabled={!canEdit}
        error={timeError ?? ''}
        onChange={(time) => settings.send({ type: 'settings.reminderTime', reminder, time })}
      />
      <fieldset
        className="notification-settings__days"
        aria-describedby={daysError === null ? undefined : `${daysId}-error`}
      >
        <legend className="field__label">{t('notificationSettings.days')}</legend>
        <div className="notification-settings__day-list">
          {WEEKDAYS.map((day) => (
            <Checkbox
              key={day}
              className="day-chip"
              aria-label={weekdayName(locale, day, 'long')}
              isSelected={value.days.includes(day)}
              isDisabled={!canEdit}
              onChange={(on) => settings.send({ type: 'settings.reminderDay', reminder, day, on })}
            >
              <span aria-hidden="true">{weekdayName(locale, day, 'short')}</span>
            </Checkbox>
          ))}
        </div>
        {daysError === null ? null : (
          <span id={`${daysId}-error`} className="field__error">
            {daysError}
          </span>
        )}
      </fieldset>
    </Section>
  )
}

function PushButton() {
  const { t } = useTranslation()
  const push = usePushActor()
  const view = useSelector(push, selectPushView)
  const problem = useSelector(push, selectPushProblem)
  const note =
    view === 'checking' || view === 'unsupported' || view === 'denied' || view === 'subscribed'
      ? t(`notificationSettings.push.${view}`)
      : problem === null
        ? null
        : t(`notificationSettings.push.${problem}`)
  return (
    <div className="notification-settings__push">
      {view === 'available' || view === 'enabling' ? (
        <Button
          className="button"
          isDisabled={view === 'enabling'}
          onPress={() => push.send({ type: 'push.enable' })}
        >
          {view === 'enabling'
            ? t('notificationSettings.push.enabling')
            : t('notificationSettings.push.enable')}
        </Button>
      ) : null}
      {note === null ? null : (
        <p className="settings__hint" role={problem !== null || view === 'denied' ? 'alert' : 'status'}>
          {note}
        </p>
      )}
    </div>
  )
}

function Channels({ settings }: { readonly settings: SettingsRef }) {
  const { t } = useTranslation()
  const fields = useSelector(settings, selectFields)
  const canEdit = useSelector(settings, selectCanEdit)
  if (fields === null) return null
  return (
    <Section title={t('notificationSettings.channels.title')}>
      <p className="settings__hint">{t('notificationSettings.channels.intro')}</p>
      <ul className="notification-settings__channels">
        {NOTIFICATION_TYPES.map((type) => (
          <li key={type} className="notification-settings__channel-row">
            <fieldset className="notification-settings__channel-set">
              <legend className="notification-settings__channel-type">
                {t(`notificationSettings.types.${type}`)}
              </legend>
              <div className="notification-settings__channel-list">
                {CHANNELS.map((channel) => (
                  <Checkbox
                    key={channel}
                    className="checkbox"
                    isSelected={fields.channels[type].includes(channel)}
                    isDisabled={!canEdit}
                    onChange={(on) =>
                      settings.send({ type: 'settings.channel', notification: type, channel, on })
                    }
                  >
                    <span className="checkbox__box" aria-hidden="true" />
                    {t(`notificationSettings.channels.${channel}`)}
                  </Checkbox>
                ))}
              </div>
            </fieldset>
          </li>
        ))}
      </ul>
      <h3 className="notification-settings__subtitle">{t('notificationSettings.push.title')}</h3>
      <PushButton />
    </Section>
  )
}

/** The reminders (time zone, spending reminder, drafts digest) and/or the channels per type, saved together. */
export function SettingsForm({
  settings,
  parts,
}: {
  readonly settings: SettingsRef
  readonly parts: SettingsParts
}) {
  const { t } = useTranslation()
  const status = useSelector(settings, selectSettingsStatus)
  const failure = useSelector(settings, selectFailure)
  const saving = useSelector(settings, selectIsSaving)
  const changed = useSelector(settings, selectIsChanged)
  if (status === 'loading')
    return (
      <p className="settings__hint" role="status">
        {t('notificationSettings.loading')}
      </p>
    )
  if (status === 'loadFailed')
    return (
      <div className="notice notice--error" role="alert">
        <p>{t('notificationSettings.loadFailed')}</p>
        <Button className="button" onPress={() => settings.send({ type: 'settings.retry' })}>
          {t('notificationSettings.retry')}
        </Button>
      </div>
    )
  return (
    <form
      className="settings notification-settings"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        settings.send({ type: 'settings.save' })
      }}
    >
      {parts.reminders ? (
        <>
          <TimeZoneField settings={settings} />
          <ReminderFields settings={settings} reminder="spendingReminder" />
          <ReminderFields settings={settings} reminder="draftsDigest" />
        </>
      ) : null}
      {parts.channels ? <Channels settings={settings} /> : null}
      {failure === null ? null : (
        <p className="notice notice--error" role="alert">
          {failureText(t, failure)}
        </p>
      )}
      <div className="notification-settings__actions">
        <Button type="submit" className="button button--primary" isDisabled={saving}>
          {saving ? t('notificationSettings.saving') : t('notificationSettings.save')}
        </Button>
        {changed && !saving ? (
          <span className="settings__hint">{t('notificationSettings.unsaved')}</span>
        ) : null}
      </div>
    </form>
  )
}
