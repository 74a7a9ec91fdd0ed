import '../settings/settings.css'
import { Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { SettingsForm } from './SettingsForm.tsx'
import { useSettingsActor } from './useSettingsActor.ts'

/** Desktop 'Przypomnienia' (settings/reminders): time zone, both reminders and the channels per type. */
export function RemindersSettingsView() {
  const settings = useSettingsActor()
  return <SettingsForm settings={settings} parts={{ reminders: true, channels: true }} />
}

/** Phone settings/reminder: time zone and both reminders; the channels are one screen away. */
export function MobileReminderView() {
  const { t } = useTranslation()
  const settings = useSettingsActor()
  return (
    <>
      <SettingsForm settings={settings} parts={{ reminders: true, channels: false }} />
      <p className="notification-settings__elsewhere">
        <Link className="settings__link" href="/settings/notifications">
          <span className="settings__label">{t('notificationSettings.mobile.toChannels')}</span>
          <span className="settings__hint">{t('notificationSettings.mobile.toChannelsHint')}</span>
        </Link>
      </p>
    </>
  )
}

/** Phone settings/notifications: the channels per type and this browser's push. */
export function MobileNotificationsView() {
  const { t } = useTranslation()
  const settings = useSettingsActor()
  return (
    <>
      <SettingsForm settings={settings} parts={{ reminders: false, channels: true }} />
      <p className="notification-settings__elsewhere">
        <Link className="settings__link" href="/settings/reminder">
          <span className="settings__label">{t('notificationSettings.mobile.toReminders')}</span>
          <span className="settings__hint">{t('notificationSettings.mobile.toRemindersHint')}</span>
        </Link>
      </p>
    </>
  )
}
