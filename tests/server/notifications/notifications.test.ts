import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dueDrafts } from '../../../domain/templates.ts'
import { deleteAccount } from '../../../server/identity/accountDeletion.ts'
import type { Message } from '../../../server/identity/mailer.ts'
import { smallBudget } from '../ledger/fixtures.ts'
import { type Call, expectStatus, type Harness, startHarness } from '../ledger/harness.ts'
import type { AppOptions } from '../support/app.ts'
import { type DatabaseTarget, databases, type TestDatabase } from '../support/databases.ts'
import { form } from '../support/multipart.ts'
import { type FakePushService, startFakePushService, verifyVapid } from './fakePush.ts'

// Issue 29 §2 on the server: the notification centre's routes, settings, reminders as jobs of pg-boss (exactly
// once per (user, type, subject, period), across a restart and two instances), e-mail and Web Push.

const everyDay = [1, 2, 3, 4, 5, 6, 7]
// A winter day after the test users exist (reminders never fire for times before the settings were saved).
const winterDay = '2027-01-15'

interface World {
  readonly mails: Message[]
  draftsDue: number
}

const jobsOn = (world: World): AppOptions => ({
  // Jobs run when the test says so (tick, drain): the worker's own poll and the timer wait an hour.
  env: { NOTIFICATION_JOBS: 'on', NOTIFICATION_TICK_SECONDS: '3600', NOTIFICATION_POLL_SECONDS: '3600' },
  build: {
    notifications: {
      sendMail: async (message) => {
        world.mails.push(message)
      },
      // The domain's own unless a test stands in a count.
      dueDrafts: (state, today) =>
        world.draftsDue === 0
          ? dueDrafts(state, today)
          : Array.from({ length: world.draftsDue }, (_, index) => index),
    },
  },
})

const settingsWith = (changes: Record<string, unknown>) => ({
  timeZone: 'Europe/Warsaw',
  spendingReminder: { enabled: false, time: '20:00', days: everyDay },
  draftsDigest: { enabled: false, time: '08:00', days: everyDay },
  channels: {
    Welcome: ['InApp'],
    SubscriptionExpiresSoon: ['InApp', 'Email'],
    TransactionsSynchronized: ['InApp'],
    DraftsDue: ['InApp', 'Email'],
    SpendingReminder: ['InApp'],
  },
  ...changes,
})

const userIdOf = async (api: Call): Promise<string> =>
  expectStatus(await api('GET', '/api/user-profile'), 200).id

const notificationsOf = async (api: Call, query = '') =>
  expectStatus(await api('GET', `/api/notifications${query}`), 200) as {
    items: {
      id: string
      type: string
      params: Record<string, unknown>
      link: string | null
      readAt: string | null
    }[]
    unread: number
    next: string | null
  }

describe.each(databases())('notifications on $kind', (target: DatabaseTarget) => {
  const world: World = { mails: [], draftsDue: 0 }
  let harness: Harness
  let push: FakePushService
  // The restart test starts a second app on the first one's database; the database goes at the end.
  let restartedOn: TestDatabase | undefined

  beforeAll(async () => {
    harness = await startHarness(target, jobsOn(world))
    push = await startFakePushService()
  }, 120_000)
  afterAll(async () => {
    await harness?.close()
    await restartedOn?.dispose()
    await push?.close()
  })

  it('answers the default settings, stores valid ones and refuses a bad time zone or time', async () => {
    const api = await harness.as('settings')
    const defaults = expectStatus(await api('GET', '/api/notification-settings'), 200)
    expect(defaults).toMatchObject({
      timeZone: 'Europe/Warsaw',
      spendingReminder: { enabled: false, time: '20:00', days: everyDay },
      draftsDigest: { enabled: true, time: '08:00', days: everyDay },
      channels: {
        DraftsDue: ['InApp', 'Email'],
        SubscriptionExpiresSoon: ['InApp', 'Email'],
        Welcome: ['InApp'],
      },
    })
    const badZone = await api(
      'PUT',
      '/api/notification-settings',
      settingsWith({ timeZone: 'Europe/Atlantis' }),
    )
    expect(badZone.status).toBe(400)
    expect(badZone.body).toMatchObject({ code: 'validation_failed', errors: [{ path: '/body/timeZone' }] })
    const badTime = await api(
      'PUT',
      '/api/notification-settings',
      settingsWith({ spendingReminder: { enabled: true, time: '25:00', days: everyDay } }),
    )
    expect(badTime.status).toBe(400)
    expect(badTime.body.errors[0].path).toBe('/body/spendingReminder/time')
    const badDay = await api(
      'PUT',
      '/api/notification-settings',
      settingsWith({ spendingReminder: { enabled: true, time: '20:00', days: [0] } }),
    )
    expect(badDay.status).toBe(400)
    // Enabled on no day is a valid choice: it never fires.
    const noDays = settingsWith({
      timeZone: 'America/New_York',
      spendingReminder: { enabled: true, time: '21:30', days: [5, 1, 1] },
    })
    const saved = expectStatus(await api('PUT', '/api/notification-settings', noDays), 200)
    expect(saved.spendingReminder.days).toEqual([1, 5])
    expect(expectStatus(await api('GET', '/api/notification-settings'), 200)).toEqual(saved)
    expect(expectStatus(await api('GET', '/api/notification-settings'), 200).timeZone).toBe(
      'America/New_York',
    )
  })

  it('welcomes a user once, on the first visit; read, read-all, and a foreign one is 404', async () => {
    const api = await harness.as('welcome')
    const other = await harness.as('stranger')
    for (let visit = 0; visit < 3; visit += 1)
      expectStatus(await api('PUT', '/api/user-profile/visit', {}), 200)
    const page = await notificationsOf(api)
    expect(page.items.map((item) => item.type)).toEqual(['Welcome'])
    expect(page.unread).toBe(1)
    const [welcome] = page.items
    expect(welcome).toMatchObject({ readAt: null, link: '/' })
    expect((await other('POST', `/api/notifications/${welcome?.id}/read`)).status).toBe(404)
    expect((await notificationsOf(other)).items).toEqual([])
    expect(expectStatus(await api('POST', `/api/notifications/${welcome?.id}/read`), 200)).toEqual({
      unread: 0,
    })
    const read = await notificationsOf(api)
    expect(read.unread).toBe(0)
    expect(read.items[0]?.readAt).not.toBeNull()
    expect((await api('POST', '/api/notifications/no-such-id/read')).status).toBe(404)
    expect(expectStatus(await api('POST', '/api/notifications/read-all'), 200)).toEqual({ unread: 0 })
  })

  it('pages newest first by id', async () => {
    const api = await harness.as('pager')
    const userId = await userIdOf(api)
    for (let index = 0; index < 5; index += 1) {
      await harness.app.notifications.notify({
        userId,
        type: 'TransactionsSynchronized',
        subject: `import-${index}`,
        period: 'once',
        params: { count: index + 1, accountName: 'Konto', bankAccountId: 'a', budgetId: 'b' },
        link: null,
      })
    }
    const first = await notificationsOf(api, '?limit=2')
    expect(first.items.map((item) => item.params.count)).toEqual([5, 4])
    expect(first.unread).toBe(5)
    const second = await notificationsOf(api, `?limit=2&before=${first.next}`)
    expect(second.items.map((item) => item.params.count)).toEqual([3, 2])
    const last = await notificationsOf(api, `?limit=2&before=${second.next}`)
    expect(last.items.map((item) => item.params.count)).toEqual([1])
    expect(last.next).toBeNull()
    expect((await api('GET', '/api/notifications?limit=0')).status).toBe(400)
  })

  it('fires a reminder at 08:00 Europe/Warsaw, which is 07:00 UTC in winter, once', async () => {
    const api = await harness.as('early')
    expectStatus(
      await api(
        'PUT',
        '/api/notification-settings',
        settingsWith({ spendingReminder: { enabled: true, time: '08:00', days: everyDay } }),
      ),
      200,
    )
    // As if saved the day before, after that day's reminder time (earlier times are never delivered).
    await harness.app.database.db
      .updateTable('notification_settings' as never)
      .set({ updated_at: new Date('2027-01-14T12:00:00Z') } as never)
      .where('user_id' as never, '=', (await userIdOf(api)) as never)
      .execute()
    const { notifications } = harness.app
    await notifications.tick(new Date(`${winterDay}T06:59:00Z`))
    await notifications.drain()
    expect((await notificationsOf(api)).items).toEqual([])
    await notifications.tick(new Date(`${winterDay}T07:00:00Z`))
    await notifications.tick(new Date(`${winterDay}T07:01:00Z`))
    await notifications.drain()
    await notifications.tick(new Date(`${winterDay}T09:00:00Z`))
    await notifications.drain()
    const page = await notificationsOf(api)
    expect(page.items.map((item) => [item.type, item.link])).toEqual([['SpendingReminder', '/budgets']])
  })

  it('sends the drafts digest per budget with due drafts, in the app and by e-mail in the user’s language', async () => {
    const api = await harness.as('digest')
    const budget = await smallBudget(api, 'Domowy')
    expectStatus(await api('PUT', '/api/user-settings', { locale: 'en' }), 200)
    expectStatus(
      await api(
        'PUT',
        '/api/notification-settings',
        settingsWith({ draftsDigest: { enabled: true, time: '08:00', days: [5] } }),
      ),
      200,
    )
    world.draftsDue = 2
    world.mails.length = 0
    try {
      // 2027-01-22 is a Friday. (Each test's clock is later than the one before: a tick looks back to the last.)
      await harness.app.notifications.tick(new Date('2027-01-22T07:30:00Z'))
      await harness.app.notifications.drain()
    } finally {
      world.draftsDue = 0
    }
    const page = await notificationsOf(api)
    expect(page.items).toMatchObject([
      {
        type: 'DraftsDue',
        params: { count: 2, budgetId: budget.id, budgetName: 'Domowy' },
        link: `/budget/${budget.id}`,
      },
    ])
    const mail = world.mails.find((message) => message.to === `digest-${target.kind}@example.com`)
    expect(mail?.subject).toBe('Transactions to confirm')
    expect(mail?.text).toContain('2 recurring transactions are waiting for your confirmation in Domowy.')
    expect(mail?.text).toContain(`/budget/${budget.id}`)
  })

  it('tells every member when a bank-file import added transactions, once per import', async () => {
    const api = await harness.as('importer')
    const budget = await smallBudget(api)
    const file = readFileSync('tests/fixtures/import/mbank/lista-operacji.csv')
    const upload = async () => {
      const body = form(file, 'lista_operacji.csv', { bankAccountId: budget.checkingId })
      return harness.app.inject({
        method: 'POST',
        url: `/api/budget/${budget.id}/imports`,
        headers: { authorization: await harness.authorization('importer'), 'content-type': body.contentType },
        payload: body.payload,
      })
    }
    expectStatus(
      await api(
        'PUT',
        '/api/notification-settings',
        settingsWith({
          channels: { ...settingsWith({}).channels, TransactionsSynchronized: ['InApp', 'Email'] },
        }),
      ),
      200,
    )
    world.mails.length = 0
    expect((await upload()).statusCode).toBe(201)
    // The same file again adds nothing, and tells nothing.
    expect((await upload()).statusCode).toBe(201)
    // The e-mail leaves by a job, off the request.
    expect(world.mails).toEqual([])
    await harness.app.notifications.drain()
    expect(world.mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [`importer-${target.kind}@example.com`, 'Nowe transakcje'],
    ])
    expect(world.mails[0]?.text).toMatch(
      /^Dodano 4 transakcje na koncie .+\.\n\nhttp:\/\/localhost:\d+\/budget\//u,
    )
    const page = await notificationsOf(api)
    expect(page.items).toHaveLength(1)
    expect(page.items[0]).toMatchObject({
      type: 'TransactionsSynchronized',
      params: { count: 4, bankAccountId: budget.checkingId, budgetId: budget.id },
    })
    expect(page.items[0]?.link).toMatch(
      new RegExp(
        `^/budget/${budget.id}/period/\\d{6}\\?view=transactions&account=${budget.checkingId}$`,
        'u',
      ),
    )
    expect(typeof page.items[0]?.params.accountName).toBe('string')
  })

  it('pushes with VAPID and an aes128gcm body the subscriber can decrypt; a 410 removes the subscription', async () => {
    const api = await harness.as('pushed')
    const { publicKey } = expectStatus(await api('GET', '/api/push/public-key'), 200)
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65)
    const phone = push.subscriber(`/push/${target.kind}/phone`)
    const gone = push.subscriber(`/push/${target.kind}/gone`, 410)
    for (const subscriber of [phone, gone]) {
      expectStatus(
        await api('POST', '/api/push/subscriptions', {
          endpoint: subscriber.endpoint,
          keys: subscriber.keys,
        }),
        200,
      )
    }
    expect((await api('POST', '/api/push/subscriptions', { endpoint: '', keys: phone.keys })).status).toBe(
      400,
    )
    expectStatus(
      await api(
        'PUT',
        '/api/notification-settings',
        settingsWith({
          spendingReminder: { enabled: true, time: '20:00', days: everyDay },
          channels: { ...settingsWith({}).channels, SpendingReminder: ['InApp', 'Push'] },
        }),
      ),
      200,
    )
    push.received.length = 0
    await harness.app.notifications.tick(new Date('2027-01-22T19:00:00Z'))
    await harness.app.notifications.drain()
    const mine = push.received.filter((request) => request.path.startsWith(`/push/${target.kind}/`))
    expect(mine.map((request) => request.path).sort()).toEqual([
      `/push/${target.kind}/gone`,
      `/push/${target.kind}/phone`,
    ])
    const delivered = mine.find((request) => request.path.endsWith('/phone'))
    if (delivered === undefined) throw new Error('no push')
    expect(delivered.headers['content-encoding']).toBe('aes128gcm')
    expect(Number(delivered.headers.ttl)).toBeGreaterThan(0)
    const vapid = await verifyVapid(delivered.headers.authorization, push.origin)
    expect(vapid.key).toBe(publicKey)
    expect(vapid.payload.sub).toBe('mailto:koperta@localhost')
    const message = JSON.parse(phone.decrypt(delivered.body))
    // Polish until the user chooses a language.
    expect(message).toMatchObject({
      type: 'SpendingReminder',
      title: 'Wpisz dzisiejsze wydatki',
      link: '/budgets',
    })
    const endpoints = await harness.app.database.db
      .selectFrom('push_subscriptions' as never)
      .select('endpoint' as never)
      .execute()
    const kept = (endpoints as { endpoint: string }[]).map((row) => row.endpoint)
    expect(kept).toContain(phone.endpoint)
    expect(kept).not.toContain(gone.endpoint)
    // The browser unsubscribes.
    expectStatus(await api('DELETE', '/api/push/subscriptions', { endpoint: phone.endpoint }), 200)
  })

  it('keeps a notification whose type is not wanted in the app as read, and still mails it', async () => {
    const api = await harness.as('mailonly')
    expectStatus(
      await api(
        'PUT',
        '/api/notification-settings',
        settingsWith({
          spendingReminder: { enabled: true, time: '21:00', days: everyDay },
          channels: { ...settingsWith({}).channels, SpendingReminder: ['Email'] },
        }),
      ),
      200,
    )
    world.mails.length = 0
    await harness.app.notifications.tick(new Date('2027-01-22T20:30:00Z'))
    await harness.app.notifications.drain()
    const page = await notificationsOf(api)
    expect(page.unread).toBe(0)
    expect(page.items.map((item) => [item.type, item.readAt === null])).toEqual([['SpendingReminder', false]])
    expect(world.mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [`mailonly-${target.kind}@example.com`, 'Wpisz dzisiejsze wydatki'],
    ])
  })

  it('forgets the notifications, settings and push subscriptions of a deleted account', async () => {
    const api = await harness.as('leaver')
    expectStatus(await api('PUT', '/api/user-profile/visit', {}), 200)
    expectStatus(await api('PUT', '/api/notification-settings', settingsWith({})), 200)
    const browser = push.subscriber(`/push/${target.kind}/leaver`)
    expectStatus(
      await api('POST', '/api/push/subscriptions', { endpoint: browser.endpoint, keys: browser.keys }),
      200,
    )
    const userId = await userIdOf(api)
    const user = await harness.app.identity.db
      .selectFrom('users')
      .select(['id', 'subject'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    await deleteAccount(harness.app.identity.db, user, [])
    const db = harness.app.database.db
    for (const table of ['notifications', 'notification_settings', 'push_subscriptions']) {
      const rows = await db
        .selectFrom(table as never)
        .select('user_id' as never)
        .where('user_id' as never, '=', userId as never)
        .execute()
      expect(rows, table).toEqual([])
    }
  })

  it('keeps the VAPID keys across a restart, delivers a queued job after it, and catches up on the latest missed reminder only', async () => {
    const database = harness.database
    const api = await harness.as('sleeper')
    expectStatus(
      await api(
        'PUT',
        '/api/notification-settings',
        settingsWith({ spendingReminder: { enabled: true, time: '08:00', days: everyDay } }),
      ),
      200,
    )
    const { publicKey } = expectStatus(await api('GET', '/api/push/public-key'), 200)
    // Queued on the 23rd, not yet run when the server stops.
    await harness.app.notifications.tick(new Date('2027-01-23T07:05:00Z'))
    const token = await harness.authorization('sleeper')
    const userId = await userIdOf(api)
    await harness.app.close()
    restartedOn = database
    // Down from the 23rd to the 27th: the 24th, 25th and 26th come due unseen.
    harness = await startHarness(target, jobsOn(world), database)
    const call = (method: 'GET', url: string) =>
      harness.app.inject({ method, url, headers: { authorization: token } })
    expect(JSON.parse((await call('GET', '/api/push/public-key')).body).publicKey).toBe(publicKey)
    await harness.app.notifications.tick(new Date('2027-01-27T12:00:00Z'))
    await harness.app.notifications.drain()
    const page = JSON.parse((await call('GET', '/api/notifications')).body)
    const periods = await harness.app.database.db
      .selectFrom('notifications' as never)
      .select('period' as never)
      .where('type' as never, '=', 'SpendingReminder' as never)
      .where('user_id' as never, '=', userId as never)
      .execute()
    expect((periods as { period: string }[]).map((row) => row.period).sort()).toEqual([
      '2027-01-23',
      '2027-01-27',
    ])
    expect(page.unread).toBe(2)
  }, 120_000)

  it("digests the domain's due drafts of a real template, counted on the user's date", async () => {
    const api = await harness.as('templates')
    const budget = await smallBudget(api, 'Czynsze')
    expectStatus(
      await api('POST', `${budget.base}/commands`, {
        command: {
          _tag: 'CreateTemplate',
          templateId: '01a21a90-0000-7000-8000-000000000001',
          bankAccountId: budget.checkingId,
          payee: 'Spółdzielnia',
          value: -180000,
          splits: [],
          frequency: 'Monthly',
          startDate: '2027-02-01',
        },
      }),
      200,
    )
    expectStatus(
      await api(
        'PUT',
        '/api/notification-settings',
        settingsWith({ draftsDigest: { enabled: true, time: '08:00', days: everyDay } }),
      ),
      200,
    )
    // On the 28th, 1 February is within the 7-day horizon: a draft is due.
    await harness.app.notifications.tick(new Date('2027-01-28T07:30:00Z'))
    await harness.app.notifications.drain()
    const page = await notificationsOf(api)
    expect(page.items).toMatchObject([
      {
        type: 'DraftsDue',
        params: { count: 1, budgetId: budget.id, budgetName: 'Czynsze' },
        link: `/budget/${budget.id}`,
      },
    ])
  })
})

describe.skipIf(process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === '')(
  'two server instances on one PostgreSQL',
  () => {
    const world: World = { mails: [], draftsDue: 0 }
    let first: Harness
    let second: Harness
    let database: TestDatabase

    beforeAll(async () => {
      const [, postgres] = databases()
      if (postgres === undefined) throw new Error('no PostgreSQL target')
      database = await postgres.create()
      first = await startHarness(postgres, jobsOn(world), database)
      second = await startHarness(postgres, jobsOn(world), database)
    }, 120_000)
    afterAll(async () => {
      await first?.close()
      await second?.close()
      await database?.dispose()
    })

    it('both schedule the same reminder and run their workers at once: one notification, one e-mail', async () => {
      const api = await first.as('twice')
      const channels = { ...settingsWith({}).channels, SpendingReminder: ['InApp', 'Email'] }
      expectStatus(
        await api(
          'PUT',
          '/api/notification-settings',
          settingsWith({ spendingReminder: { enabled: true, time: '20:00', days: everyDay }, channels }),
        ),
        200,
      )
      const at = new Date(`${winterDay}T19:00:30Z`)
      const queued = await Promise.all([first.app.notifications.tick(at), second.app.notifications.tick(at)])
      expect(queued[0] + queued[1]).toBe(1)
      // Even had both queued it, the notification's unique key would let one in: run the job body on both.
      const userId = await userIdOf(api)
      const job = { kind: 'reminder', userId, type: 'SpendingReminder', period: winterDay } as const
      const ran = await Promise.all([
        first.app.notifications.drain(),
        second.app.notifications.drain(),
        first.app.notifications.run(job, at),
        second.app.notifications.run(job, at),
      ])
      expect(ran[0] + ran[1]).toBe(1)
      const page = await notificationsOf(api)
      expect(page.items.map((item) => item.type)).toEqual(['SpendingReminder'])
      expect(world.mails.filter((mail) => mail.to.startsWith('twice-'))).toHaveLength(1)
    })
  },
)

describe.each(databases())('subscription notices on $kind (billing on)', (target: DatabaseTarget) => {
  const world: World = { mails: [], draftsDue: 0 }
  let harness: Harness
  const billingBefore = process.env.BILLING

  beforeAll(async () => {
    // The identity plugin reads BILLING from the environment when the app starts.
    process.env.BILLING = 'on'
    harness = await startHarness(target, jobsOn(world))
  }, 120_000)
  afterAll(async () => {
    if (billingBefore === undefined) delete process.env.BILLING
    else process.env.BILLING = billingBefore
    await harness?.close()
  })

  it('warns 7 days and 1 day before the end, each once, in the app and by e-mail', async () => {
    const api = await harness.as('subscriber')
    const userId = await userIdOf(api)
    await harness.app.database.db
      .insertInto('subscriptions' as never)
      .values({ user_id: userId, ends_at: new Date('2027-02-10T00:00:00Z') } as never)
      .execute()
    const { notifications } = harness.app
    for (const at of [
      '2027-02-03T01:00:00Z',
      '2027-02-05T12:00:00Z',
      '2027-02-09T01:00:00Z',
      '2027-02-09T02:00:00Z',
    ]) {
      await notifications.tick(new Date(at))
      await notifications.drain()
    }
    const page = await notificationsOf(api)
    expect(page.items.map((item) => [item.type, item.params.days, item.link])).toEqual([
      ['SubscriptionExpiresSoon', 1, '/settings/subscription'],
      ['SubscriptionExpiresSoon', 7, '/settings/subscription'],
    ])
    expect(world.mails.map((mail) => mail.subject)).toEqual([
      'Subskrypcja wkrótce wygasa',
      'Subskrypcja wkrótce wygasa',
    ])
    expect(world.mails[0]?.text).toContain('10 lutego 2027')
  })
})

describe.each(databases())('the running worker on $kind', (target: DatabaseTarget) => {
  let harness: Harness

  beforeAll(async () => {
    // As in production, only faster: the app's own timer ticks and its worker polls every second.
    harness = await startHarness(target, {
      env: { NOTIFICATION_JOBS: 'on', NOTIFICATION_TICK_SECONDS: '1', NOTIFICATION_POLL_SECONDS: '1' },
    })
  }, 120_000)
  afterAll(async () => harness?.close())

  it('delivers a reminder that came due a minute ago without anyone calling tick or drain', async () => {
    const api = await harness.as('live')
    const minuteAgo = new Date(Date.now() - 60_000)
    const time = minuteAgo.toISOString().slice(11, 16)
    expectStatus(
      await api(
        'PUT',
        '/api/notification-settings',
        settingsWith({ timeZone: 'UTC', spendingReminder: { enabled: true, time, days: everyDay } }),
      ),
      200,
    )
    await harness.app.database.db
      .updateTable('notification_settings' as never)
      .set({ updated_at: new Date(Date.now() - 24 * 60 * 60_000) } as never)
      .where('user_id' as never, '=', (await userIdOf(api)) as never)
      .execute()
    const deadline = Date.now() + 15_000
    let page = await notificationsOf(api)
    while (page.items.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      page = await notificationsOf(api)
    }
    expect(page.items.map((item) => item.type)).toEqual(['SpendingReminder'])
  }, 30_000)
})
