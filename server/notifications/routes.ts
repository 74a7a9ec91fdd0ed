import * as Schema from 'effect/Schema'
import {
  NotificationId,
  NotificationPage,
  NotificationSettings,
  PushEndpoint,
  PushPublicKey,
  PushSubscriptionInput,
  UnreadCount,
} from '../../schemas/notifications.ts'
import { Problem } from '../../schemas/problem.ts'
import { makeProblem, ProblemError } from '../http/problem.ts'
import { defineRoute } from '../http/route.ts'
import { callerId } from '../ledger/http.ts'
import { removeSubscription, saveSubscription } from './push.ts'
import { isTimeZone } from './schedule.ts'
import {
  listNotifications,
  markAllRead,
  markRead,
  normalizeSettings,
  readSettings,
  unreadCount,
  writeSettings,
} from './store.ts'
import { notificationDb } from './tables.ts'

const tags = ['notifications']
const maxPage = 100

const PageQuery = Schema.Struct({
  before: Schema.optionalKey(NotificationId),
  limit: Schema.optionalKey(
    Schema.NumberFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: maxPage })),
  ),
})

const IdParams = Schema.Struct({ notificationId: NotificationId })

const dbOf = (request: { server: { database: { db: Parameters<typeof notificationDb>[0] } } }) =>
  notificationDb(request.server.database.db)

const notFound = () =>
  new ProblemError(makeProblem(404, 'not_found', 'No such notification for the signed-in user.'))

export const notificationRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/notifications',
    operationId: 'listNotifications',
    summary: "The caller's notifications, newest first (keyset by id), with the unread count",
    tags,
    query: PageQuery,
    responses: { 200: { description: 'One page.', schema: NotificationPage } },
    handler: async ({ query, request, respond }) =>
      respond(
        200,
        await listNotifications(dbOf(request), callerId(request), query.before, query.limit ?? 30),
      ),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/notifications/:notificationId/read',
    operationId: 'readNotification',
    summary: 'Mark one notification read (reading it again changes nothing)',
    tags,
    params: IdParams,
    responses: {
      200: { description: 'Marked read; the unread count after.', schema: UnreadCount },
      404: { description: 'The caller has no such notification.', schema: Problem },
    },
    handler: async ({ params, request, respond }) => {
      const db = dbOf(request)
      const userId = callerId(request)
      if (!(await markRead(db, userId, params.notificationId, new Date()))) throw notFound()
      return respond(200, { unread: await unreadCount(db, userId) })
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/notifications/read-all',
    operationId: 'readAllNotifications',
    summary: "Mark every one of the caller's notifications read",
    tags,
    responses: { 200: { description: 'All read; the unread count after (0).', schema: UnreadCount } },
    handler: async ({ request, respond }) => {
      const db = dbOf(request)
      const userId = callerId(request)
      await markAllRead(db, userId, new Date())
      return respond(200, { unread: await unreadCount(db, userId) })
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/notification-settings',
    operationId: 'getNotificationSettings',
    summary: "The caller's time zone, reminders and channels per type (the defaults until saved)",
    tags,
    responses: { 200: { description: 'The settings.', schema: NotificationSettings } },
    handler: async ({ request, respond }) =>
      respond(200, (await readSettings(dbOf(request), callerId(request))).settings),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/notification-settings',
    operationId: 'saveNotificationSettings',
    summary: "Replace the caller's notification settings",
    tags,
    body: NotificationSettings,
    responses: {
      200: { description: 'The settings as stored.', schema: NotificationSettings },
      400: { description: 'Not valid settings (e.g. an unknown time zone).', schema: Problem },
    },
    handler: async ({ body, request, respond }) => {
      if (!isTimeZone(body.timeZone)) {
        throw new ProblemError(
          makeProblem(400, 'validation_failed', 'The request body is invalid: /body/timeZone.', [
            { path: '/body/timeZone', message: 'Unknown IANA time zone.', code: 'invalid_value' },
          ]),
        )
      }
      const settings = normalizeSettings(body)
      await writeSettings(dbOf(request), callerId(request), settings, new Date())
      return respond(200, settings)
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/push/public-key',
    operationId: 'getPushPublicKey',
    summary: "The server's VAPID public key (base64url) for PushManager.subscribe",
    tags,
    responses: { 200: { description: 'The key.', schema: PushPublicKey } },
    handler: async ({ request, respond }) =>
      respond(200, { publicKey: request.server.notifications.vapid.publicKey }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/push/subscriptions',
    operationId: 'savePushSubscription',
    summary: "Keep a browser's push subscription for the caller (the same endpoint again updates its keys)",
    tags,
    body: PushSubscriptionInput,
    responses: { 200: { description: 'Kept.', schema: PushEndpoint } },
    handler: async ({ body, request, respond }) => {
      await saveSubscription(dbOf(request), callerId(request), body, new Date())
      return respond(200, { endpoint: body.endpoint })
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/push/subscriptions',
    operationId: 'deletePushSubscription',
    summary: "Forget one of the caller's push subscriptions by its endpoint (an unknown one too)",
    tags,
    body: PushEndpoint,
    responses: { 200: { description: 'Forgotten.', schema: PushEndpoint } },
    handler: async ({ body, request, respond }) => {
      await removeSubscription(dbOf(request), callerId(request), body.endpoint)
      return respond(200, { endpoint: body.endpoint })
    },
  }),
]
