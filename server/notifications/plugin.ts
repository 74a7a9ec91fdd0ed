import fp from 'fastify-plugin'
import type { PgBoss } from 'pg-boss'
import { dueDrafts } from '../../domain/templates.ts'
import { registerRoute } from '../http/register.ts'
import { createMailer, type SendMail } from '../identity/mailer.ts'
import { createPushSender, ensureVapidKeys, type PushSender, type VapidKeys } from './push.ts'
import { notificationRoutes } from './routes.ts'
import {
  createNotifications,
  type DueDraftsOf,
  type JobData,
  links,
  type Notifications,
  queueName,
  queueOptions,
} from './service.ts'
import { notificationDb } from './tables.ts'

export interface NotificationsPlugin extends Notifications {
  readonly vapid: VapidKeys
  /** The running job queue, when this instance runs jobs. */
  readonly boss: PgBoss | undefined
}

declare module 'fastify' {
  interface FastifyInstance {
    readonly notifications: NotificationsPlugin
  }
}

export interface NotificationsPluginOptions {
  /** Tests capture mail and push here; the app uses SMTP_URL (or the log) and web-push. */
  readonly sendMail?: SendMail
  readonly sendPush?: PushSender
  /** Defaults to domain/templates.ts `dueDrafts`. */
  readonly dueDrafts?: DueDraftsOf
}

const pushTimeoutMs = 10_000

/**
 * The notification centre, its settings, Web Push subscriptions, and the jobs that deliver reminders: pg-boss on the
 * same database (PGlite through the app's one-connection pool, or PostgreSQL), one queue, job ids derived from
 * (user, type, subject, period) so instances that queue the same reminder queue one job.
 */
export const notificationsPlugin = fp<NotificationsPluginOptions>(
  async (app, options) => {
    const db = notificationDb(app.database.db)
    const vapid = await ensureVapidKeys(db, new Date())
    const jobsOn = app.config.NOTIFICATION_JOBS === 'on'
    let boss: PgBoss | undefined
    if (jobsOn) {
      // Loaded only when this instance runs jobs.
      const { PgBoss } = await import('pg-boss')
      const { pool } = app.database
      boss = new PgBoss({
        // Through the app's pool: on PGlite (one session) pg-boss's statements queue behind the app's transactions
        // instead of interleaving with them. pg-boss sends each of its transactions as one multi-statement query.
        db: { executeSql: async (text: string, values?: unknown[]) => pool.query(text, values) },
        backend: app.database.kind === 'pglite' ? 'pglite' : 'postgres',
        schema: 'pgboss',
        // No cron schedules: reminders are per user and time zone (service.ts `tick`).
        schedule: false,
      })
      boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'))
      await boss.start()
      await boss.createQueue(queueName, queueOptions)
    }
    const service = createNotifications({
      db,
      ledger: app.ledger,
      log: app.log,
      boss,
      billing: app.identity.config.billing,
      publicOrigin: app.identity.config.publicOrigin,
      sendMail: options.sendMail ?? createMailer(app.identity.config, app.log),
      sendPush: options.sendPush ?? createPushSender(vapid, app.config.PUSH_SUBJECT, pushTimeoutMs),
      dueDrafts: options.dueDrafts ?? dueDrafts,
    })
    app.decorate('notifications', { ...service, vapid, boss })
    for (const route of notificationRoutes) registerRoute(app, route)

    // First sign-in: the app records a visit when a session starts; the unique key keeps Welcome once per user.
    app.identity.onVisit(async (userId) => {
      await service.notify({
        userId,
        type: 'Welcome',
        subject: 'user',
        period: 'once',
        params: {},
        // The app's home opens the last budget: right whether or not the user has finished onboarding.
        link: links.home,
      })
    })

    if (boss !== undefined) {
      const running = boss
      const tickEveryMs = app.config.NOTIFICATION_TICK_SECONDS * 1000
      let ticking: Promise<unknown> = Promise.resolve()
      const tick = () => {
        ticking = service
          .tick()
          .catch((error: unknown) => app.log.error({ err: error }, 'looking for due reminders failed'))
      }
      let timer: NodeJS.Timeout | undefined
      app.addHook('onReady', async () => {
        await running.work<JobData>(
          queueName,
          {
            pollingIntervalSeconds: app.config.NOTIFICATION_POLL_SECONDS,
            // A morning's digests are one job per user: while batches come back full, fetch again at once
            // (otherwise one batch per poll interval). A failing batch is retried whole: jobs are idempotent.
            batchSize: 20,
            burstWhenBatchFull: true,
          },
          async (jobs) => {
            for (const job of jobs) await service.run(job.data, new Date())
          },
        )
        // At once: what came due while the server was down is delivered now (the latest occurrence only).
        tick()
        timer = setInterval(tick, tickEveryMs)
        timer.unref()
      })
      app.addHook('preClose', async () => {
        clearInterval(timer)
        await ticking
        // Before the database closes: running jobs finish, pg-boss stops polling.
        await running.stop({ graceful: true, timeout: 10_000, close: false })
      })
    }
  },
  {
    name: 'koperta-notifications',
    dependencies: ['koperta-config', 'koperta-database', 'koperta-identity', 'koperta-ledger'],
  },
)
