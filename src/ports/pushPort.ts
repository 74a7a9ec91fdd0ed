import type { PushPort } from '../../machines/pushSubscription/index.ts'
import { apiErrorOf } from '../api/client.ts'
import type { LoadApi } from '../api/loadApi.ts'
import { readPushPublicKey, registerPushSubscription } from '../api/notifications.ts'

const supported = (): boolean =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window

/** A VAPID key in base64url as the bytes PushManager.subscribe takes. */
export const keyBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const base64 = base64url
    .replace(/-/gu, '+')
    .replace(/_/gu, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=')
  const text = atob(base64)
  const bytes = new Uint8Array(new ArrayBuffer(text.length))
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index)
  return bytes
}

/** The worker registered at start (production builds), or registered now (a development page has none). */
const workerRegistration = async (): Promise<ServiceWorkerRegistration> => {
  const existing = await navigator.serviceWorker.getRegistration('/')
  if (existing === undefined) await navigator.serviceWorker.register('/sw.js', { scope: '/' })
  return navigator.serviceWorker.ready
}

/** Web Push in this browser: the permission, the worker's subscription, and the server's side of it. */
export const createPushPort = (loadApi: LoadApi): PushPort => ({
  async status() {
    if (!supported()) return 'unsupported'
    if (Notification.permission === 'denied') return 'denied'
    try {
      const registration = await navigator.serviceWorker.getRegistration('/')
      const subscription = await registration?.pushManager.getSubscription()
      return Notification.permission === 'granted' && subscription != null ? 'subscribed' : 'available'
    } catch {
      return 'available'
    }
  },
  async enable(signal) {
    if (!supported()) return { outcome: 'unsupported' }
    const permission = await Notification.requestPermission()
    if (permission === 'denied') return { outcome: 'denied' }
    if (permission !== 'granted') return { outcome: 'dismissed' }
    try {
      const { publicKey } = await readPushPublicKey(loadApi, signal)
      const registration = await workerRegistration()
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      })
      const { endpoint, keys } = subscription.toJSON()
      if (endpoint === undefined || keys?.p256dh === undefined || keys.auth === undefined)
        return { outcome: 'failed', error: {} }
      await registerPushSubscription(
        loadApi,
        { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } },
        signal,
      )
      return { outcome: 'subscribed' }
    } catch (error) {
      return { outcome: 'failed', error: apiErrorOf(error) }
    }
  },
})
