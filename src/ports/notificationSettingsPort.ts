import type { NotificationSettingsPort } from '../../machines/notificationSettings/index.ts'
import { apiErrorOf } from '../api/client.ts'
import type { LoadApi } from '../api/loadApi.ts'
import { readNotificationSettings, saveNotificationSettings } from '../api/notifications.ts'

/** GET/PUT /api/notification-settings; failures come back as values with the problem document. */
export const createNotificationSettingsPort = (loadApi: LoadApi): NotificationSettingsPort => ({
  async load(signal) {
    try {
      return { ok: true, settings: await readNotificationSettings(loadApi, signal) }
    } catch (error) {
      return { ok: false, error: apiErrorOf(error) }
    }
  },
  async save(settings, signal) {
    try {
      return { ok: true, settings: await saveNotificationSettings(loadApi, settings, signal) }
    } catch (error) {
      return { ok: false, error: apiErrorOf(error) }
    }
  },
})
