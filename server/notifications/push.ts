import { createECDH } from 'node:crypto'
import type { PushSubscriptionInput } from '../../schemas/notifications.ts'
import type { NotificationDb } from './tables.ts'

// Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payloads (RFC 8291), through the `web-push` package.

export interface VapidKeys {
  /** base64url, uncompressed P-256 point: what the browser's PushManager.subscribe takes. */
  readonly publicKey: string
  readonly privateKey: string
}

const vapidRow = 'vapid'

/** The server's VAPID keys: made by the first instance that starts (the same as web-push's), then read by all. */
export const ensureVapidKeys = async (db: NotificationDb, now: Date): Promise<VapidKeys> => {
  const existing = await db
    .selectFrom('push_keys')
    .select(['public_key', 'private_key'])
    .where('id', '=', vapidRow)
    .executeTakeFirst()
  if (existing !== undefined) return { publicKey: existing.public_key, privateKey: existing.private_key }
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  await db
    .insertInto('push_keys')
    .values({
      id: vapidRow,
      public_key: ecdh.getPublicKey('base64url'),
      private_key: ecdh.getPrivateKey('base64url'),
      created_at: now,
    })
    // Two instances starting at once: the first insert wins and both read it back.
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute()
  return ensureVapidKeys(db, now)
}

export const saveSubscription = async (
  db: NotificationDb,
  userId: string,
  subscription: PushSubscriptionInput,
  now: Date,
): Promise<void> => {
  const keys = { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth }
  await db
    .insertInto('push_subscriptions')
    .values({ user_id: userId, endpoint: subscription.endpoint, ...keys, created_at: now })
    .onConflict((conflict) => conflict.columns(['user_id', 'endpoint']).doUpdateSet(keys))
    .execute()
}

export const removeSubscription = async (
  db: NotificationDb,
  userId: string,
  endpoint: string,
): Promise<void> => {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute()
}

export interface PushMessage {
  readonly title: string
  readonly body: string
  readonly link: string | null
  readonly id: string
  readonly type: string
}

export type PushOutcome = 'sent' | 'gone' | 'failed'

export type PushSender = (
  subscription: { readonly endpoint: string; readonly p256dh: string; readonly auth: string },
  message: PushMessage,
) => Promise<PushOutcome>

/**
 * Encrypts and signs with web-push (loaded with the first push), and posts with fetch: web-push's own request
 * speaks only https, and a self-hosted push service (or the tests' fake one) may be plain http.
 */
export const createPushSender = (keys: VapidKeys, subject: string, timeoutMs: number): PushSender => {
  let loading: Promise<typeof import('web-push')> | undefined
  return async (subscription, message) => {
    loading ??= import('web-push')
    const webPush = await loading
    const details = webPush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(message),
      {
        vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        // A reminder a day late is no reminder.
        TTL: 24 * 60 * 60,
        contentEncoding: 'aes128gcm',
      },
    )
    const headers = Object.fromEntries(
      Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
    )
    const response = await fetch(details.endpoint, {
      method: 'POST',
      headers,
      body: details.body === null ? null : new Uint8Array(details.body),
      signal: AbortSignal.timeout(timeoutMs),
    })
    await response.body?.cancel()
    // RFC 8030 §7.3: the subscription is gone; never send to it again.
    if (response.status === 404 || response.status === 410) return 'gone'
    return response.ok ? 'sent' : 'failed'
  }
}
