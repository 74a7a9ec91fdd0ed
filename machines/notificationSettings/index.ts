export type {
  CheckedSettings,
  ReminderKey,
  SettingsErrors,
  SettingsField,
} from './settings.form.ts'
export {
  CHANNELS,
  checkSettings,
  DEFAULT_TIME_ZONE,
  NOTIFICATION_TYPES,
  REMINDERS,
  WEEKDAYS,
  withChannel,
  withDay,
} from './settings.form.ts'
export type { SettingsContext, SettingsEvent, SettingsInput } from './settings.machine.ts'
export { notificationSettingsMachine, SAVED_MESSAGE_KEY, settingsChanged } from './settings.machine.ts'
export type { NotificationSettingsPort, SettingsOutcome } from './settings.port.ts'
export type { SettingsStatus } from './settings.selectors.ts'
export {
  selectCanEdit,
  selectErrors,
  selectFailure,
  selectFields,
  selectIsChanged,
  selectIsSaving,
  selectSettingsStatus,
} from './settings.selectors.ts'
