import { isMobileViewport } from '../../machines/app/app.device.ts'
import type { NotificationsPort } from '../../machines/notifications/index.ts'
import type { LoadApi } from '../api/loadApi.ts'

// The API calls and their schemas (effect) load with the first read, after the first screen.
const loadCalls = () => import('../api/notifications.ts')
const loadErrors = () => import('../api/client.ts')

/** The centre's port onto the product API and the window (focus, visibility). */
export const createNotificationsPort = (loadApi: LoadApi, target: Window = window): NotificationsPort => ({
  async recordVisit(signal) {
    const [api, { UserProfile }] = await Promise.all([loadApi(), import('../../schemas/user.ts')])
    const device = isMobileViewport(target.innerWidth) ? 'Mobile' : 'Desktop'
    await api.putJson('/api/user-profile/visit', { device }, UserProfile, { signal })
  },
  async readPage(before, signal) {
    try {
      const { readNotifications } = await loadCalls()
      return { ok: true, page: await readNotifications(loadApi, before, signal) }
    } catch (error) {
      const { apiErrorOf } = await loadErrors()
      return { ok: false, error: apiErrorOf(error) }
    }
  },
  async markRead(id, signal) {
    try {
      await (await loadCalls()).markNotificationRead(loadApi, id, signal)
      return true
    } catch {
      return false
    }
  },
  async markAllRead(signal) {
    try {
      await (await loadCalls()).markAllNotificationsRead(loadApi, signal)
      return true
    } catch {
      return false
    }
  },
  onWake(listener) {
    const onFocus = () => listener()
    const onVisible = () => {
      if (target.document.visibilityState === 'visible') listener()
    }
    target.addEventListener('focus', onFocus)
    target.document.addEventListener('visibilitychange', onVisible)
    return () => {
      target.removeEventListener('focus', onFocus)
      target.document.removeEventListener('visibilitychange', onVisible)
    }
  },
})
