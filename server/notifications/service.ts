import type { FastifyBaseLogger } from 'fastify'
import type { PgBoss } from 'pg-boss'
import type { BudgetState } from '../../domain/state.ts'
import { IsoDate } from '../../schemas/money.ts'
import type {
  NotificationChannel,
  NotificationSettings,
  NotificationType,
} from '../../schemas/notifications.ts'
import type { SendMail } from '../identity/mailer.ts'
import { listBudgets } from '../ledger/read.ts'
import { type Ledger, readAtOneVersion } from '../ledger/service.ts'
import type { PushSender } from './push.ts'
import { dueFinder, jobIdOf, localDateOf } from './schedule.ts'
import {
  defaultSettings,
  insertNotification,
  type NewNotification,
  readSettings,
  settingsOrDefaults,
} from './store.ts'
import type { NotificationDb, Notification as StoredNotification } from './tables.ts'
import { textLocaleOf, textOf } from './texts.ts'

/** The one queue of notification jobs (pg-boss); every job's id derives from its (user, type, subject, period). */
export const queueName = 'notifications'

export type JobData =
  | {
      readonly kind: 'reminder'
      readonly userId: string
      readonly type: 'SpendingReminder' | 'DraftsDue'
      readonly period: string
    }
  | {
      readonly kind: 'subscription'
      readonly userId: string
      readonly period: string
      readonly days: number
      readonly endsAt: string
    }
  | { readonly kind: 'deliver'; readonly userId: string; readonly notificationId: string }

/** The due drafts of a budget on a date: domain/templates.ts `dueDrafts` (api29.md); tests pass their own. */
export type DueDraftsOf = (state: BudgetState, today: IsoDate) => readonly unknown[]

export interface NotificationsDeps {
  readonly db: NotificationDb
  readonly ledger: Ledger
  readonly log: FastifyBaseLogger
  /** The job queue, started; undefined when this instance runs no jobs (NOTIFICATION_JOBS=off). */
  readonly boss: PgBoss | undefined
  readonly billing: boolean
  /** The app's public origin, for links in e-mails. */
  readonly publicOrigin: string
  readonly sendMail: SendMail
  readonly sendPush: PushSender
  readonly dueDrafts: DueDraftsOf
}

export interface Notifications {
  /** Writes a notification now (exactly once per its key) and queues its delivery by e-mail and push. */
  notify(notification: NewNotification, now?: Date): Promise<StoredNotification | undefined>
  /**
   * Queues every reminder and subscription notice due at `now` (the injectable clock). The first tick after a start
   * looks back for what came due while the server was down; later ones only since the previous tick.
   */
  tick(now?: Date): Promise<number>
  /** Runs queued jobs until none is left (tests, and a worker's poll). Returns how many ran. */
  drain(): Promise<number>
  /** Runs one job. */
  run(data: JobData, now: Date): Promise<void>
  /** An import (or, later, a bank sync) added transactions: every member of the budget hears of it. */
  transactionsSynchronized(input: {
    readonly budgetId: string
    readonly bankAccountId: string
    readonly accountName: string
    readonly count: number
    /** The import (or sync) that added them: one notification per member each. */
    readonly source: string
  }): Promise<void>
}

/** The month key (YYYYMM) of a date, for links. */
const periodKeyOf = (date: string): string => date.slice(0, 7).replace('-', '')

/** Links are desktop app paths (the app maps them to the phone's). */
export const links = {
  budget: (budgetId: string) => `/budget/${budgetId}`,
  register: (budgetId: string, periodKey: string, bankAccountId: string) =>
    `/budget/${budgetId}/period/${periodKey}?view=transactions&account=${bankAccountId}`,
  subscription: '/settings/subscription',
  budgets: '/budgets',
  home: '/',
} as const

const channelsOf = (settings: NotificationSettings, type: NotificationType): readonly NotificationChannel[] =>
  settings.channels[type]

// Reminders a tick looks at are those due after the previous tick less this: a slow tick misses nothing.
const tickOverlapMs = 5 * 60_000
const enqueueBatch = 500
// How long pg-boss keeps a finished job (and so refuses its id again): longer than the week a reminder looks back.
const keepFinishedSeconds = 14 * 24 * 60 * 60

export const queueOptions = {
  retryLimit: 3,
  retryDelay: 30,
  retryBackoff: true,
  deleteAfterSeconds: keepFinishedSeconds,
} as const

export const createNotifications = (deps: NotificationsDeps): Notifications => {
  const { db, log } = deps
  let previousTick: Date | undefined

  // Never inside a transaction: on PGlite the pool has one connection, and the send would wait for itself.
  const enqueue = async (key: string, data: JobData): Promise<boolean> => {
    if (deps.boss === undefined) return false
    const id = await deps.boss.send(queueName, data, { id: jobIdOf(key) })
    return id !== null
  }

  /** Many jobs in a few statements (a start after a downtime queues one per user); how many were new. */
  const enqueueAll = async (
    jobs: readonly { readonly key: string; readonly data: JobData }[],
  ): Promise<number> => {
    const boss = deps.boss
    if (boss === undefined) return 0
    let queued = 0
    for (let start = 0; start < jobs.length; start += enqueueBatch) {
      const batch = jobs
        .slice(start, start + enqueueBatch)
        .map((job) => ({ id: jobIdOf(job.key), data: job.data }))
      const ids = await boss.insert(queueName, batch, { returnId: true })
      queued += ids?.length ?? 0
    }
    return queued
  }

  const deliver = async (row: StoredNotification, channels: readonly NotificationChannel[]) => {
    const external = channels.filter((channel) => channel !== 'InApp')
    if (external.length === 0) return
    const user = await db
      .selectFrom('users')
      .select(['email', 'locale'])
      .where('id', '=', row.user_id)
      .executeTakeFirst()
    if (user === undefined) return
    const text = textOf(textLocaleOf(user.locale), row.type, row.params)
    if (external.includes('Email') && user.email !== null) {
      const link = row.link === null ? '' : `\n\n${deps.publicOrigin}${row.link}`
      try {
        await deps.sendMail({ to: user.email, subject: text.title, text: `${text.body}${link}` })
      } catch (error) {
        log.warn({ err: error, notification: row.id }, 'notification e-mail not sent')
      }
    }
    if (external.includes('Push')) {
      const subscriptions = await db
        .selectFrom('push_subscriptions')
        .select(['endpoint', 'p256dh', 'auth'])
        .where('user_id', '=', row.user_id)
        .execute()
      for (const subscription of subscriptions) {
        const outcome = await deps
          .sendPush(subscription, { ...text, link: row.link, id: row.id, type: row.type })
          .catch((error: unknown) => {
            log.warn({ err: error, notification: row.id }, 'push not sent')
            return 'failed' as const
          })
        if (outcome === 'gone') {
          await db
            .deleteFrom('push_subscriptions')
            .where('user_id', '=', row.user_id)
            .where('endpoint', '=', subscription.endpoint)
            .execute()
        }
      }
    }
  }

  /** Writes the row (read at once when the user turned the in-app channel off) and delivers it elsewhere. */
  const produce = async (
    notification: NewNotification,
    settings: NotificationSettings,
    now: Date,
    channelsNow: boolean,
  ): Promise<StoredNotification | undefined> => {
    const channels = channelsOf(settings, notification.type)
    const row = await insertNotification(db, notification, now, !channels.includes('InApp'))
    if (row === undefined) return undefined
    if (channels.some((channel) => channel !== 'InApp')) {
      // A request's notification leaves by a job, off the request; an instance without jobs sends it at once.
      if (channelsNow || deps.boss === undefined) await deliver(row, channels)
      else
        await enqueue(`deliver|${row.user_id}|${row.id}`, {
          kind: 'deliver',
          userId: row.user_id,
          notificationId: row.id,
        })
    }
    return row
  }

  const draftsDigest = async (userId: string, period: string, settings: NotificationSettings, now: Date) => {
    const budgets = await listBudgets(deps.ledger.db, userId)
    for (const budget of budgets) {
      const read = await readAtOneVersion(deps.ledger, budget.id, async () => undefined)
      if (read === undefined) continue
      const count = deps.dueDrafts(read.state, IsoDate.make(period)).length
      if (count === 0) continue
      await produce(
        {
          userId,
          type: 'DraftsDue',
          subject: budget.id,
          period,
          params: { count, budgetId: budget.id, budgetName: budget.name },
          link: links.budget(budget.id),
        },
        settings,
        now,
        true,
      )
    }
  }

  const run = async (data: JobData, now: Date): Promise<void> => {
    // The account may have gone since the job was queued (its rows went with it).
    const user = await db.selectFrom('users').select('id').where('id', '=', data.userId).executeTakeFirst()
    if (user === undefined) return
    const { settings } = await readSettings(db, data.userId)
    switch (data.kind) {
      case 'reminder':
        if (data.type === 'DraftsDue') return draftsDigest(data.userId, data.period, settings, now)
        await produce(
          {
            userId: data.userId,
            type: 'SpendingReminder',
            subject: 'reminder',
            period: data.period,
            params: {},
            link: links.budgets,
          },
          settings,
          now,
          true,
        )
        return
      case 'subscription':
        await produce(
          {
            userId: data.userId,
            type: 'SubscriptionExpiresSoon',
            subject: 'subscription',
            period: data.period,
            params: { days: data.days, endsAt: data.endsAt },
            link: links.subscription,
          },
          settings,
          now,
          true,
        )
        return
      case 'deliver': {
        const row = await db
          .selectFrom('notifications')
          .selectAll()
          .where('user_id', '=', data.userId)
          .where('id', '=', data.notificationId)
          .executeTakeFirst()
        if (row !== undefined) await deliver(row, channelsOf(settings, row.type))
        return
      }
    }
  }

  const tick = async (now = new Date()): Promise<number> => {
    if (deps.boss === undefined) return 0
    const after = previousTick === undefined ? undefined : previousTick.getTime() - tickOverlapMs
    previousTick = now
    const fresh = (at: Date) => after === undefined || at.getTime() > after
    const jobs: { readonly key: string; readonly data: JobData }[] = []
    const users = await db
      .selectFrom('users as u')
      .leftJoin('notification_settings as s', 's.user_id', 'u.id')
      .select(['u.id', 'u.created_at', 's.settings', 's.updated_at'])
      .where('u.disabled_at', 'is', null)
      .execute()
    const latestDue = dueFinder()
    for (const user of users) {
      const settings = user.settings === null ? defaultSettings : settingsOrDefaults(user.settings)
      const since = user.updated_at ?? user.created_at
      const reminders = [
        ['SpendingReminder', settings.spendingReminder],
        ['DraftsDue', settings.draftsDigest],
      ] as const
      for (const [type, reminder] of reminders) {
        const due = latestDue(reminder, settings.timeZone, now, since)
        if (due === undefined || !fresh(due.at)) continue
        const key = `${user.id}|${type}|${type === 'DraftsDue' ? 'digest' : 'reminder'}|${due.period}`
        jobs.push({ key, data: { kind: 'reminder', userId: user.id, type, period: due.period } })
      }
    }
    if (deps.billing) {
      const week = new Date(now.getTime() + 7 * 24 * 60 * 60_000)
      const ending = await db
        .selectFrom('subscriptions')
        .select(['user_id', 'ends_at'])
        .where('ends_at', '>', now)
        .where('ends_at', '<=', week)
        .execute()
      for (const subscription of ending) {
        // One notice a week before and one a day before; after a downtime, only the nearer one.
        const days = subscription.ends_at.getTime() - now.getTime() <= 24 * 60 * 60_000 ? 1 : 7
        const period = `${subscription.ends_at.toISOString().slice(0, 10)}/${days}d`
        const data: JobData = {
          kind: 'subscription',
          userId: subscription.user_id,
          period,
          days,
          endsAt: subscription.ends_at.toISOString(),
        }
        jobs.push({ key: `${subscription.user_id}|SubscriptionExpiresSoon|subscription|${period}`, data })
      }
    }
    return enqueueAll(jobs)
  }

  const drain = async (): Promise<number> => {
    const boss = deps.boss
    if (boss === undefined) return 0
    let ran = 0
    for (;;) {
      const jobs = await boss.fetch<JobData>(queueName, { batchSize: 10 })
      if (jobs.length === 0) return ran
      for (const job of jobs) {
        try {
          await run(job.data, new Date())
          await boss.complete(queueName, job.id)
        } catch (error) {
          log.error({ err: error, job: job.id }, 'notification job failed')
          await boss.fail(queueName, job.id, { message: String(error) })
        }
        ran += 1
      }
    }
  }

  const notify = async (notification: NewNotification, now = new Date()) => {
    const { settings } = await readSettings(db, notification.userId)
    return produce(notification, settings, now, false)
  }

  return {
    notify,
    transactionsSynchronized: async (input) => {
      const members = await db
        .selectFrom('budget_members')
        .select('user_id')
        .where('budget_id', '=', input.budgetId)
        .execute()
      const now = new Date()
      for (const { user_id: userId } of members) {
        const { settings } = await readSettings(db, userId)
        const periodKey = periodKeyOf(localDateOf(now, settings.timeZone))
        await produce(
          {
            userId,
            type: 'TransactionsSynchronized',
            subject: input.source,
            period: 'once',
            params: {
              count: input.count,
              accountName: input.accountName,
              bankAccountId: input.bankAccountId,
              budgetId: input.budgetId,
            },
            link: links.register(input.budgetId, periodKey, input.bankAccountId),
          },
          settings,
          now,
          false,
        )
      }
    },
    tick,
    drain,
    run,
  }
}
