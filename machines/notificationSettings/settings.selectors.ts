import type { SnapshotFrom } from 'xstate'
import type { NotificationSettings } from '../../schemas/notifications.ts'
import type { ApiErrorLike } from '../toasts/toasts.errors.ts'
import type { SettingsErrors } from './settings.form.ts'
import { type notificationSettingsMachine, settingsChanged } from './settings.machine.ts'

type SettingsSnapshot = SnapshotFrom<typeof notificationSettingsMachine>

/** What the screen shows: the first read, its failure, or the form. */
export type SettingsStatus = 'loading' | 'loadFailed' | 'ready'

export const selectSettingsStatus = (snapshot: SettingsSnapshot): SettingsStatus =>
  snapshot.matches('loading') ? 'loading' : snapshot.matches('loadFailed') ? 'loadFailed' : 'ready'

export const selectFields = (snapshot: SettingsSnapshot): NotificationSettings | null =>
  snapshot.context.fields

export const selectErrors = (snapshot: SettingsSnapshot): SettingsErrors => snapshot.context.errors

export const selectFailure = (snapshot: SettingsSnapshot): ApiErrorLike | null => snapshot.context.failure

export const selectIsSaving = (snapshot: SettingsSnapshot): boolean => snapshot.matches('saving')

export const selectCanEdit = (snapshot: SettingsSnapshot): boolean => snapshot.matches('editing')

export const selectIsChanged = (snapshot: SettingsSnapshot): boolean => settingsChanged(snapshot.context)
