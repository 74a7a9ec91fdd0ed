import { createECDH, randomBytes, randomUUID } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readImportPresets, readPayeeRules } from '../../server/imports/settings.ts'
import { createBrowser, registerAndSignIn } from './identity/support.ts'
import { type Call, expectStatus } from './ledger/harness.ts'
import { createTestApp } from './support/app.ts'
import { databases, type TestDatabase } from './support/databases.ts'
import { form } from './support/multipart.ts'
import { type ApiDescription, checkProblem, loadApi } from './support/openapi.ts'
import { buildWorld, callerWith, type World } from './support/world.ts'

/**
 * The role matrix of docs/sharing.md, row by row: every operation of the OpenAPI document × five callers (the owner,
 * a guest with Edit access, a guest with Read access, a removed member, a signed-in stranger), each with a valid
 * request for that caller, and the answer each must get: 2xx, 403 with a problem document (`read_only` /
 * `owner_only`), or 404. An operation of the document without an entry here fails, as does an entry for an operation
 * the document lacks. A refusal writes nothing: the budget's version, payee rules and presets stay.
 */

const callers = ['owner', 'editor', 'reader', 'removed', 'stranger'] as const
type Caller = (typeof callers)[number]
/** Refused callers first: their requests must find the objects the allowed ones' writes then use up. */
const order: readonly Caller[] = ['stranger', 'removed', 'reader', 'editor', 'owner']

interface Expected {
  readonly status: number
  readonly code?: string
}
type Expectations = Readonly<Record<Caller, Expected>>

const ok = (status: number): Expected => ({ status })
const notFound: Expected = { status: 404, code: 'not_found' }
const readOnly: Expected = { status: 403, code: 'read_only' }
const ownerOnly: Expected = { status: 403, code: 'owner_only' }

/** Every member reads; non-members get 404. */
const members = (status = 200): Expectations => ({
  owner: ok(status),
  editor: ok(status),
  reader: ok(status),
  removed: notFound,
  stranger: notFound,
})
/** The owner and Edit guests change; Read guests are refused `read_only`; non-members get 404. */
const editors = (status = 200): Expectations => ({
  owner: ok(status),
  editor: ok(status),
  reader: readOnly,
  removed: notFound,
  stranger: notFound,
})
/** Only the owner; guests are refused `owner_only`, whatever their access; non-members get 404. */
const owners = (status = 200): Expectations => ({
  owner: ok(status),
  editor: ownerOnly,
  reader: ownerOnly,
  removed: notFound,
  stranger: notFound,
})
/** The caller's own account, not a budget's: the same answer for everyone signed in. */
const anyone = (status = 200): Expectations => ({
  owner: ok(status),
  editor: ok(status),
  reader: ok(status),
  removed: ok(status),
  stranger: ok(status),
})

/**
 * A request as a row builds it. `{own}` in a URL, or a body `{own:<GET url>}`, stands for what only the caller has
 * (its own token, notification, settings): filled in per caller just before sending (`own` below).
 */
interface Request {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  readonly url: string
  /** JSON (an object) or a multipart body already encoded (with its content type in `headers`). */
  readonly body?: unknown
  readonly headers?: Readonly<Record<string, string>>
  /** The budget the request addresses: a refusal must leave it as it was. */
  readonly budgetId?: string
}

interface Context {
  readonly world: World
  readonly base: string
  readonly arrange: Call
  readonly userIds: Readonly<Record<Caller, string>>
  /** A new budget shared like the world's (owner, Edit guest, Read guest, a removed guest). */
  freshBudget(): Promise<string>
  fresh: Fresh
}

interface Case {
  /** Method and OpenAPI path: an entry keyed by an operation id the document gives another route is an error. */
  readonly route: string
  readonly variant?: string
  readonly request: (context: Context, caller: Caller) => Promise<Request>
  readonly expect: Expectations
}

/** Objects made afresh in the world's budget (as its owner) for a write that uses one up. */
interface Fresh {
  group(): Promise<string>
  category(): Promise<string>
  account(balance?: number): Promise<string>
  transaction(): Promise<string>
  filter(): Promise<string>
  template(): Promise<string>
  /** A loan with its own tracking account and category, nothing paid. */
  loan(): Promise<string>
  bankImport(): Promise<string>
  preset(): Promise<string>
  assignment(): Promise<void>
  /** A category overspent in March 2025. */
  overspent(): Promise<string>
}

const get =
  (path: string, query = '') =>
  async ({ base, world }: Context): Promise<Request> => ({
    method: 'GET',
    url: `${base}${path}${query}`,
    budgetId: world.budgetId,
  })

const qif = (payee: string, value: string) =>
  new TextEncoder().encode(`!Type:Bank\nD2025-03-20\nT${value}\nP${payee}\n^\n`)

/** A multipart request carrying a bank file into the world's budget. */
const bankFile = async (context: Context, url: string): Promise<Request> => {
  const unique = randomBytes(4).toString('hex')
  // An amount from 65 536 rather than 256: a file whose one transaction matched one already imported (same day and
  // amount) added nothing, and undoing it answered import-not-found (a pglite run of the matrix saw it).
  const upload = form(
    qif(`shop ${unique}`, `-${1 + randomBytes(2).readUInt16BE(0)}.${unique.length}0`),
    'bank.qif',
    {
      bankAccountId: context.world.pathValues.bankAccountId ?? '',
    },
  )
  return {
    method: 'POST',
    url,
    body: upload.payload,
    headers: { 'content-type': upload.contentType },
    budgetId: context.world.budgetId,
  }
}

const pushKeys = () => ({
  p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
  auth: randomBytes(16).toString('base64url'),
})

/** Invitations are made by the sharing routes themselves (pending until `shareserver` is merged). */
const invite = async (context: Context, budgetId: string, access: 'Edit' | 'Read' = 'Edit') =>
  expectStatus(
    await context.arrange('POST', `/api/budget/${budgetId}/invitations`, {
      email: `invitee-${randomUUID()}@example.com`,
      role: 'Guest',
      access,
    }),
    201,
  ) as { id: string; token: string }

const table: Readonly<Record<string, Case | readonly Case[]>> = {
  // ── The caller's own account and the public documents ──────────────────────────────────────────────
  getHealth: {
    route: 'GET /health',
    request: async () => ({ method: 'GET', url: '/health' }),
    expect: anyone(),
  },
  getOpenApiDocument: {
    route: 'GET /api/openapi.json',
    request: async () => ({ method: 'GET', url: '/api/openapi.json' }),
    expect: anyone(),
  },
  getAuthConfig: {
    route: 'GET /api/auth/config',
    request: async () => ({ method: 'GET', url: '/api/auth/config' }),
    expect: anyone(),
  },
  postAnalyticsEvents: {
    route: 'POST /api/analytics',
    request: async () => ({
      method: 'POST',
      url: '/api/analytics',
      body: { events: [{ name: 'help_opened', occurredAt: new Date().toISOString() }] },
    }),
    expect: anyone(202),
  },
  listBudgets: {
    route: 'GET /api/budget',
    request: async () => ({ method: 'GET', url: '/api/budget' }),
    expect: anyone(),
  },
  createBudget: {
    route: 'POST /api/budget',
    request: async () => ({ method: 'POST', url: '/api/budget', body: { name: 'Mine', currency: 'PLN' } }),
    expect: anyone(201),
  },
  getUserProfile: {
    route: 'GET /api/user-profile',
    request: async () => ({ method: 'GET', url: '/api/user-profile' }),
    expect: anyone(),
  },
  recordVisit: {
    route: 'PUT /api/user-profile/visit',
    request: async () => ({ method: 'PUT', url: '/api/user-profile/visit', body: {} }),
    expect: anyone(),
  },
  updateUserProfile: {
    route: 'PUT /api/user-profile',
    request: async () => ({ method: 'PUT', url: '/api/user-profile', body: { displayName: 'Ola' } }),
    expect: anyone(),
  },
  getUserSettings: {
    route: 'GET /api/user-settings',
    request: async () => ({ method: 'GET', url: '/api/user-settings' }),
    expect: anyone(),
  },
  updateUserSettings: {
    route: 'PUT /api/user-settings',
    request: async () => ({ method: 'PUT', url: '/api/user-settings', body: { locale: 'pl' } }),
    expect: anyone(),
  },
  getSubscription: {
    route: 'GET /api/subscription',
    request: async () => ({ method: 'GET', url: '/api/subscription' }),
    expect: anyone(),
  },
  getOnboarding: {
    route: 'GET /api/onboarding',
    request: async () => ({ method: 'GET', url: '/api/onboarding' }),
    expect: anyone(),
  },
  saveOnboarding: {
    route: 'PUT /api/onboarding',
    request: async () => ({
      method: 'PUT',
      url: '/api/onboarding',
      body: {
        status: 'active',
        currentStep: 'SecondStep',
        completedSteps: ['FirstStep'],
        skippedSteps: [],
        survey: null,
        budgetId: null,
        events: [],
      },
    }),
    expect: anyone(),
  },
  listPersonalTokens: {
    route: 'GET /api/tokens',
    request: async () => ({ method: 'GET', url: '/api/tokens' }),
    expect: anyone(),
  },
  createPersonalToken: {
    route: 'POST /api/tokens',
    request: async () => ({ method: 'POST', url: '/api/tokens', body: { name: 'script' } }),
    expect: anyone(201),
  },
  revokePersonalToken: {
    route: 'DELETE /api/tokens/{tokenId}',
    // The caller's own token, made for it: revoking the session's own credential would end the walk.
    request: async () => ({ method: 'DELETE', url: '/api/tokens/{own}' }),
    expect: anyone(),
  },
  listNotifications: {
    route: 'GET /api/notifications',
    request: async () => ({ method: 'GET', url: '/api/notifications' }),
    expect: anyone(),
  },
  readNotification: {
    route: 'POST /api/notifications/{notificationId}/read',
    request: async () => ({ method: 'POST', url: '/api/notifications/{own}/read' }),
    expect: anyone(),
  },
  readAllNotifications: {
    route: 'POST /api/notifications/read-all',
    request: async () => ({ method: 'POST', url: '/api/notifications/read-all' }),
    expect: anyone(),
  },
  getNotificationSettings: {
    route: 'GET /api/notification-settings',
    request: async () => ({ method: 'GET', url: '/api/notification-settings' }),
    expect: anyone(),
  },
  saveNotificationSettings: {
    route: 'PUT /api/notification-settings',
    request: async () => ({
      method: 'PUT',
      url: '/api/notification-settings',
      body: '{own:/api/notification-settings}',
    }),
    expect: anyone(),
  },
  getPushPublicKey: {
    route: 'GET /api/push/public-key',
    request: async () => ({ method: 'GET', url: '/api/push/public-key' }),
    expect: anyone(),
  },
  savePushSubscription: {
    route: 'POST /api/push/subscriptions',
    request: async () => ({
      method: 'POST',
      url: '/api/push/subscriptions',
      body: { endpoint: `https://push.example.com/${randomUUID()}`, keys: pushKeys() },
    }),
    expect: anyone(),
  },
  deletePushSubscription: {
    route: 'DELETE /api/push/subscriptions',
    request: async () => ({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      body: { endpoint: `https://push.example.com/${randomUUID()}` },
    }),
    expect: anyone(),
  },
  // ── Invitations by their link: anyone signed in ────────────────────────────────────────────────────
  getInvitation: {
    route: 'GET /api/invitations/{token}',
    request: async (context) => {
      const { token } = await invite(context, context.world.budgetId)
      return { method: 'GET', url: `/api/invitations/${token}` }
    },
    expect: anyone(),
  },
  acceptInvitation: {
    route: 'POST /api/invitations/{token}/accept',
    // A fresh budget each time: whoever accepts joins it, and the world's members stay as they are.
    request: async (context) => {
      const budgetId = await context.freshBudget()
      const { token } = await invite(context, budgetId)
      return { method: 'POST', url: `/api/invitations/${token}/accept`, budgetId }
    },
    expect: {
      owner: { status: 409, code: 'already_member' },
      editor: { status: 409, code: 'already_member' },
      reader: { status: 409, code: 'already_member' },
      removed: ok(200),
      stranger: ok(200),
    },
  },
  // ── The budget ──────────────────────────────────────────────────────────────────────────────────────
  updateBudget: [
    {
      route: 'PUT /api/budget/{budgetId}',
      variant: 'rename',
      request: async ({ base, world }) => ({
        method: 'PUT',
        url: base,
        body: { name: `Dom ${randomBytes(2).toString('hex')}` },
        budgetId: world.budgetId,
      }),
      expect: editors(),
    },
    {
      route: 'PUT /api/budget/{budgetId}',
      variant: 'change the currency (with a new name: the batch refused whole)',
      request: async (context) => {
        const budgetId = await context.freshBudget()
        return {
          method: 'PUT',
          url: `/api/budget/${budgetId}`,
          body: { name: 'Euro', currency: 'EUR' },
          budgetId,
        }
      },
      expect: owners(),
    },
  ],
  deleteBudget: {
    route: 'DELETE /api/budget/{budgetId}',
    request: async (context) => {
      const budgetId = await context.freshBudget()
      return { method: 'DELETE', url: `/api/budget/${budgetId}`, budgetId }
    },
    expect: owners(),
  },
  resetBudget: {
    route: 'POST /api/budget/{budgetId}/reset',
    request: async (context) => {
      const budgetId = await context.freshBudget()
      return { method: 'POST', url: `/api/budget/${budgetId}/reset`, body: {}, budgetId }
    },
    expect: owners(),
  },
  exportBudget: {
    route: 'POST /api/budget/{budgetId}/export',
    request: async ({ base, world }) => ({
      method: 'POST',
      url: `${base}/export`,
      body: { format: 'koperta' },
      budgetId: world.budgetId,
    }),
    expect: owners(),
  },
  importBudget: {
    route: 'POST /api/budget/import-budget/{budgetId}',
    request: async (context) => {
      const exported = expectStatus(
        await context.arrange('POST', `${context.base}/export`, { format: 'koperta' }),
        200,
      )
      const budgetId = await context.freshBudget()
      const upload = form(new TextEncoder().encode(JSON.stringify(exported)), 'budget.koperta.json', {
        source: 'koperta',
      })
      return {
        method: 'POST',
        url: `/api/budget/import-budget/${budgetId}`,
        body: upload.payload,
        headers: { 'content-type': upload.contentType },
        budgetId,
      }
    },
    expect: owners(201),
  },
  runBudgetCommand: [
    {
      route: 'POST /api/budget/{budgetId}/commands',
      variant: 'a budget change (RenameCategory)',
      request: async ({ base, world }) => ({
        method: 'POST',
        url: `${base}/commands`,
        body: {
          command: {
            _tag: 'RenameCategory',
            categoryId: world.pathValues.categoryId,
            name: `Czynsz ${randomBytes(2).toString('hex')}`,
          },
        },
        budgetId: world.budgetId,
      }),
      expect: editors(),
    },
    {
      route: 'POST /api/budget/{budgetId}/commands',
      variant: "an owner's command (DeleteBudget)",
      request: async (context) => {
        const budgetId = await context.freshBudget()
        return {
          method: 'POST',
          url: `/api/budget/${budgetId}/commands`,
          body: { command: { _tag: 'DeleteBudget' } },
          budgetId,
        }
      },
      expect: owners(),
    },
  ],
  // ── Reads ───────────────────────────────────────────────────────────────────────────────────────────
  getMonthView: {
    route: 'GET /api/budget/{budgetId}/period/{periodKey}',
    request: get('/period/202503'),
    expect: members(),
  },
  getStatistics: {
    route: 'GET /api/budget/{budgetId}/statistics',
    request: get('/statistics', '?granularity=Month&fromPeriod=202501&toPeriod=202512'),
    expect: members(),
  },
  getNetWorth: {
    route: 'GET /api/budget/{budgetId}/statistics/net-worth',
    request: get('/statistics/net-worth', '?fromPeriod=202501&toPeriod=202512'),
    expect: members(),
  },
  listAssignmentRecords: {
    route: 'GET /api/budget/{budgetId}/period/{periodKey}/assignment-records',
    request: get('/period/202503/assignment-records'),
    expect: members(),
  },
  getBudgetState: { route: 'GET /api/budget/{budgetId}/state', request: get('/state'), expect: members() },
  listBudgetEvents: {
    route: 'GET /api/budget/{budgetId}/events',
    request: get('/events'),
    expect: members(),
  },
  listCategoryGroups: {
    route: 'GET /api/budget/{budgetId}/category-groups',
    request: get('/category-groups'),
    expect: members(),
  },
  listCategories: {
    route: 'GET /api/budget/{budgetId}/categories',
    request: get('/categories'),
    expect: members(),
  },
  listBankAccounts: {
    route: 'GET /api/budget/{budgetId}/bank-accounts',
    request: get('/bank-accounts'),
    expect: members(),
  },
  listTargets: { route: 'GET /api/budget/{budgetId}/targets', request: get('/targets'), expect: members() },
  listFilters: { route: 'GET /api/budget/{budgetId}/filters', request: get('/filters'), expect: members() },
  listBudgetUsers: { route: 'GET /api/budget/{budgetId}/users', request: get('/users'), expect: members() },
  listBudgetCollaborations: {
    route: 'GET /api/budget/{budgetId}/budget-collaborations',
    request: get('/budget-collaborations'),
    expect: members(),
  },
  listPlans: { route: 'GET /api/budget/{budgetId}/plans', request: get('/plans'), expect: members() },
  listLoans: { route: 'GET /api/budget/{budgetId}/loans', request: get('/loans'), expect: members() },
  listLoansSchedule: {
    route: 'GET /api/budget/{budgetId}/loans-schedule',
    request: get('/loans-schedule'),
    expect: members(),
  },
  listLoanActivities: {
    route: 'GET /api/budget/{budgetId}/loan-activities',
    request: get('/loan-activities'),
    expect: members(),
  },
  getLoanSchedule: {
    route: 'GET /api/budget/{budgetId}/loans/{loanId}/schedule',
    request: async (context) => get(`/loans/${context.world.pathValues.loanId}/schedule`)(context),
    expect: members(),
  },
  listBankConnections: {
    route: 'GET /api/budget/{budgetId}/bank-connections',
    request: get('/bank-connections'),
    expect: members(),
  },
  listTransactions: {
    route: 'GET /api/budget/{budgetId}/transactions',
    request: get('/transactions', '?period=202503'),
    expect: members(),
  },
  listTransactionSplits: {
    route: 'GET /api/budget/{budgetId}/transaction-splits',
    request: get('/transaction-splits', '?period=202503'),
    expect: members(),
  },
  listImports: { route: 'GET /api/budget/{budgetId}/imports', request: get('/imports'), expect: members() },
  listPayeeRules: {
    route: 'GET /api/budget/{budgetId}/payee-rules',
    request: get('/payee-rules'),
    expect: members(),
  },
  listImportPresets: {
    route: 'GET /api/budget/{budgetId}/import-presets',
    request: get('/import-presets'),
    expect: members(),
  },
  listTransactionTemplates: {
    route: 'GET /api/budget/{budgetId}/transaction-templates',
    request: get('/transaction-templates'),
    expect: members(),
  },
  listTransactionTemplateSplits: {
    route: 'GET /api/budget/{budgetId}/transaction-template-splits',
    request: get('/transaction-template-splits'),
    expect: members(),
  },
  listTemplateOccurrences: {
    route: 'GET /api/budget/{budgetId}/transaction-templates/{templateId}/occurrences',
    request: async (context) =>
      get(
        `/transaction-templates/${context.world.pathValues.templateId}/occurrences`,
        '?from=2025-03-01&to=2025-06-30',
      )(context),
    expect: members(),
  },
  listTemplateDrafts: {
    route: 'GET /api/budget/{budgetId}/drafts',
    request: get('/drafts', '?from=2025-03-01&to=2025-06-30'),
    expect: members(),
  },
  listPresence: {
    route: 'GET /api/budget/{budgetId}/presence',
    request: get('/presence'),
    expect: members(),
  },
  listBudgetActivity: {
    route: 'GET /api/budget/{budgetId}/activity',
    request: get('/activity'),
    expect: members(),
  },
  // ── Structure ───────────────────────────────────────────────────────────────────────────────────────
  createCategoryGroup: {
    route: 'POST /api/budget/{budgetId}/category-groups',
    request: async ({ base, world }) => ({
      method: 'POST',
      url: `${base}/category-groups`,
      body: { name: 'Wakacje' },
      budgetId: world.budgetId,
    }),
    expect: editors(201),
  },
  updateCategoryGroup: {
    route: 'PUT /api/budget/{budgetId}/category-groups/{categoryGroupId}',
    request: async ({ base, world }) => ({
      method: 'PUT',
      url: `${base}/category-groups/${world.pathValues.categoryGroupId}`,
      body: { name: `Dom ${randomBytes(2).toString('hex')}` },
      budgetId: world.budgetId,
    }),
    expect: editors(),
  },
  deleteCategoryGroup: {
    route: 'DELETE /api/budget/{budgetId}/category-groups/{categoryGroupId}',
    request: async (context) => ({
      method: 'DELETE',
      url: `${context.base}/category-groups/${await context.fresh.group()}?moveToCategoryId=${context.world.pathValues.categoryId}`,
      budgetId: context.world.budgetId,
    }),
    expect: editors(),
  },
  reorderCategoryGroups: {
    route: 'PUT /api/budget/{budgetId}/category-groups',
    request: async ({ base, world, arrange }) => {
      const groups = expectStatus(await arrange('GET', `${base}/category-groups`), 200) as { id: string }[]
      return {
        method: 'PUT',
        url: `${base}/category-groups`,
        body: { categoryGroupIds: groups.map((group) => group.id).reverse() },
        budgetId: world.budgetId,
      }
    },
    expect: editors(),
  },
  reorderCategories: {
    route: 'PUT /api/budget/{budgetId}/category-groups/{categoryGroupId}/categories',
    request: async ({ base, world }) => ({
      method: 'PUT',
      url: `${base}/category-groups/${world.pathValues.categoryGroupId}/categories`,
      body: { categoryIds: [...(world.ids.category ?? [])].reverse() },
      budgetId: world.budgetId,
    }),
    expect: editors(),
  },
  createCategory: {
    route: 'POST /api/budget/{budgetId}/categories',
    request: async ({ base, world }) => ({
      method: 'POST',
      url: `${base}/categories`,
      body: { categoryGroupId: world.pathValues.categoryGroupId, name: 'Kino', type: 'Expense' },
      budgetId: world.budgetId,
    }),
    expect: editors(201),
  },
  updateCategory: {
    route: 'PUT /api/budget/{budgetId}/categories/{categoryId}',
    request: async ({ base, world }) => ({
      method: 'PUT',
      url: `${base}/categories/${world.pathValues.categoryId}`,
      body: { name: `Czynsz ${randomBytes(2).toString('hex')}` },
      budgetId: world.budgetId,
    }),
    expect: editors(),
  },
  deleteCategory: {
    route: 'DELETE /api/budget/{budgetId}/categories/{categoryId}',
    request: async (context) => ({
      method: 'DELETE',
      url: `${context.base}/categories/${await context.fresh.category()}?moveToCategoryId=${context.world.pathValues.categoryId}`,
      budgetId: context.world.budgetId,
    }),
    expect: editors(),
  },
  setTarget: {
    route: 'PUT /api/budget/{budgetId}/categories/{categoryId}/target',
    request: async ({ base, world }) => ({
      method: 'PUT',
      url: `${base}/categories/${world.pathValues.categoryId}/target`,
      body: { type: 'NeededForSpendingMonthly', amount: 40_000 + (randomBytes(1)[0] ?? 0) },
      budgetId: world.budgetId,
    }),
    expect: editors(),
  },
  removeTarget: {
    route: 'DELETE /api/budget/{budgetId}/categories/{categoryId}/target',
    request: async (context) => {
      const category = await context.fresh.category()
      expectStatus(
        await context.arrange('PUT', `${context.base}/categories/${category}/target`, {
          type: 'NeededForSpendingMonthly',
          amount: 10_000,
        }),
        200,
      )
      return {
        method: 'DELETE',
        url: `${context.base}/categories/${category}/target`,
        budgetId: context.world.budgetId,
      }
    },
    expect: editors(),
  },
  saveFilter: {
    route: 'POST /api/budget/{budgetId}/filters',
    request: async ({ base, world }) => ({
      method: 'POST',
      url: `${base}/filters`,
      body: { name: 'Duże', criteria: { minValue: 10_000 } },
      budgetId: world.budgetId,
    }),
    expect: editors(201),
  },
  updateFilter: {
    route: 'PUT /api/budget/{budgetId}/filters/{filterId}',
    request: async ({ base, world }) => ({
      method: 'PUT',
      url: `${base}/filters/${world.pathValues.filterId}`,
      body: { name: `Filtr ${randomBytes(2).toString('hex')}`, criteria: { minValue: 5_000 } },
      budgetId: world.budgetId,
    }),
    expect: editors(),
  },
  deleteFilter: {
    route: 'DELETE /api/budget/{budgetId}/filters/{filterId}',
    request: async (context) => ({
      method: 'DELETE',
      url: `${context.base}/filters/${await context.fresh.filter()}`,
      budgetId: context.world.budgetId,
    }),
    expect: editors(),
  },
  // ── Accounts and transactions ───────────────────────────────────────────────────────────────────────
  openBankAccount: {
    route: 'POST /api/budget/{budgetId}/bank-accounts',
    request: async ({ base, world }) => ({
      method: 'POST',
      url: `${base}/bank-accounts`,
      body: { name: 'Portfel', type: 'unconnected', balance: 1_000, date: '2025-03-01' },
      budgetId: world.budgetId,
    }),
    expect: editors(201),
  },
  renameBankAccount: {
    route: 'PUT /api/budget/{budgetId}/bank-accounts/{bankAccountId}',
    request: async ({ base, world }) => ({
      method: 'PUT',
      url: `${base}/bank-accounts/${world.pathValues.bankAccountId}`,
      body: { name: `Konto ${randomBytes(2).toString('hex')}` },
      budgetId: world.budgetId,
    }),
    expect: editors(),
  },
  closeBankAccount: {
    route: 'POST /api/budget/{budgetId}/bank-accounts/{bankAccountId}/close',
    request: async (context) => ({
      method: 'POST',
      url: `${context.base}/bank-accounts/${await context.fresh.account(0)}/close`,
      budgetId: context.world.budgetId,
    }),
    expect: editors(),
  },
  reconcileBankAccount: {
    route: 'POST /api/budget/{budgetId}/bank-accounts/{bankAccountId}/reconcile',
    request: async (context) => ({
      method: 'POST',
      url: `${context.base}/bank-accounts/${await context.fresh.account(2_000)}/reconcile`,
      body: { date: '2025-03-31', balance: 2_500 },
      budgetId: context.world.budgetId,
    }),
    expect: editors(),
  },
  addTransaction: {
    route: 'POST /api/budget/{budgetId}/transactions',
    request: async ({ base, world }) => ({
      method: 'POST',
      url: `${base}/transactions`,
      body: {
        bankAccountId: world.pathValues.bankAccountId,
        date: '2025-03-18',
        payee: 'Piekarnia',
        value: -700,
        splits: [{ categoryId: world.pathValues.categoryId, value: -700 }],
      },
      budgetId: world.budgetId,
    }),
    expect: editors(201),
  },
  editTransaction: {
    route: 'PUT /api/budget/{budgetId}/transactions/{transactionId}',
    request: async (context) => ({
      method: 'PUT',
      url: `${context.base}/transactions/${await context.fresh.transaction()}`,
      body: { memo: 'poprawione' },
      budgetId: context.world.budgetId,
    }),
    expect: editors(),
  },
  deleteTransaction: {
    route: 'DELETE /api/budget/{budgetId}/transactions/{transactionId}',
    request: async (context) => ({
      method: 'DELETE',
      url: `${context.base}/transactions/${await context.fresh.transaction()}`,
      budgetId: context.world.budgetId,
    }),
    expect: editors(),
  },
  importTransactions: {
    route: 'POST /api/budget/{budgetId}/transactions/bulk',
    request: async ({ base, world }) => ({
      method: 'POST',
      url: `${base}/transactions/bulk`,
      body: {
        items: [
          {
            bankAccountId: world.pathValues.bankAccountId,
            date: '2025-03-19',
            payee: 'Kiosk',
            value: -300,
            splits: [],
          },
        ],
      },
      budgetId: world.budgetId,
    }),
    expect: editors(201),
  },
  addTransfer: {
    route: 'POST /api/budget/{budgetId}/transfers',
    request: async ({ base, world }) => ({
      method: 'POST',
      url: `${base}/transfers`,
      body: {
        fromBankAccountId: world.ids.bankAccount?.[0],
        toBankAccountId: world.ids.bankAccount?.[1],
        date: '2025-03-21',
        value: 100,
      },
      budgetId: world.budgetId,
    }),
    expect: editors(201),
  },
  // ── Assignments ─────────────────────────────────────────────────────────────────────────────────────
  setAssigned: {
    route: 'PUT /api/budget/{budgetId}/period/{periodKey}/categories/{categoryId}/assigned',
    request: async ({ base, world }) => ({
      method: 'PUT',
      url: `${base}/period/202503/categories/${world.pathValues.categoryId}/assigned`,
      body: { value: 20_000 + (randomBytes(1)[0] ?? 0) },
      budgetId: world.budgetId,
    }),
    expect: editors(),
  },
  moveMoney: {
    route: 'POST /api/budget/{budgetId}/period/{periodKey}/move-money',
    request: async ({ base, world }) => ({
      method: 'POST',
      url: `${base}/period/202503/move-money`,
      body: { fromCategoryId: null, toCategoryId: world.pathValues.categoryId, value: 100 },
      budgetId: world.budgetId,
    }),
    expect: editors(),
  },
  coverOverspending: {
    route: 'POST /api/budget/{budgetId}/period/{periodKey}/cover-overspending',
    request: async (context) => ({
      method: 'POST',
      url: `${context.base}/period/202503/cover-overspending`,
      body: { overspentCategoryId: await context.fresh.overspent(), fromCategoryId: null },
      budgetId: context.world.budgetId,
    }),
    expect: editors(),
  },
  autoAssign: {
    route: 'POST /api/budget/{budgetId}/period/{periodKey}/auto-assign',
    request: async ({ base, world }) => ({
      method: 'POST',
      url: `${base}/period/202504/auto-assign`,
      body: { option: 'underfunded' },
      budgetId: world.budgetId,
    }),
    expect: editors(),
  },
  undoLastAssignment: {
    route: 'POST /api/budget/{budgetId}/assignments/undo',
    request: async (context) => {
      await context.fresh.assignment()
      return { method: 'POST', url: `${context.base}/assignments/undo`, budgetId: context.world.budgetId }
    },
    expect: editors(),
  },
  // ── Bank-file imports and their settings ────────────────────────────────────────────────────────────
  previewImport: {
    route: 'POST /api/budget/{budgetId}/imports/preview',
    request: async (context) => bankFile(context, `${context.base}/imports/preview`),
    expect: editors(),
  },
  importBankFile: {
    route: 'POST /api/budget/{budgetId}/imports',
    request: async (context) => bankFile(context, `${context.base}/imports`),
    expect: editors(201),
  },
  undoImport: {
    route: 'DELETE /api/budget/{budgetId}/imports/{importId}',
    request: async (context) => ({
      method: 'DELETE',
      url: `${context.base}/imports/${await context.fresh.bankImport()}`,
      budgetId: context.world.budgetId,
    }),
    expect: editors(),
  },
  replacePayeeRules: {
    route: 'PUT /api/budget/{budgetId}/payee-rules',
    request: async ({ base, world }) => ({
      method: 'PUT',
      url: `${base}/payee-rules`,
      body: {
        rules: [
          {
            id: `rule-${randomBytes(2).toString('hex')}`,
            match: 'contains',
            text: 'biedronka',
            rename: 'Biedronka',
            categoryId: world.ids.category?.[1],
          },
        ],
      },
      budgetId: world.budgetId,
    }),
    expect: editors(),
  },
  saveImportPreset: {
    route: 'PUT /api/budget/{budgetId}/import-presets/{presetId}',
    request: async ({ base, world }) => ({
      method: 'PUT',
      url: `${base}/import-presets/preset-${randomBytes(2).toString('hex')}`,
      body: { name: 'mBank', format: 'mbank', encoding: null, mapping: null },
      budgetId: world.budgetId,
    }),
    expect: editors(),
  },
  deleteImportPreset: {
    route: 'DELETE /api/budget/{budgetId}/import-presets/{presetId}',
    request: async (context) => ({
      method: 'DELETE',
      url: `${context.base}/import-presets/${await context.fresh.preset()}`,
      budgetId: context.world.budgetId,
    }),
    expect: editors(),
  },
  // ── Recurring templates ─────────────────────────────────────────────────────────────────────────────
  createTransactionTemplate: {
    route: 'POST /api/budget/{budgetId}/transaction-templates',
    request: async ({ base, world }) => ({
      method: 'POST',
      url: `${base}/transaction-templates`,
      body: {
        bankAccountId: world.pathValues.bankAccountId,
        payee: 'Netflix',
        value: -4_300,
        frequency: 'Monthly',
        startDate: '2025-03-05',
        splits: [{ categoryId: world.pathValues.categoryId, value: -4_300 }],
      },
      budgetId: world.budgetId,
    }),
    expect: editors(201),
  },
  editTransactionTemplate: {
    route: 'PATCH /api/budget/{budgetId}/transaction-templates/{templateId}',
    request: async ({ base, world }) => ({
      method: 'PATCH',
      url: `${base}/transaction-templates/${world.pathValues.templateId}`,
      body: { memo: `czynsz ${randomBytes(2).toString('hex')}` },
      budgetId: world.budgetId,
    }),
    expect: editors(),
  },
  deleteTransactionTemplate: {
    route: 'DELETE /api/budget/{budgetId}/transaction-templates/{templateId}',
    request: async (context) => ({
      method: 'DELETE',
      url: `${context.base}/transaction-templates/${await context.fresh.template()}`,
      budgetId: context.world.budgetId,
    }),
    expect: editors(),
  },
  confirmTemplateOccurrence: {
    route: 'POST /api/budget/{budgetId}/transaction-templates/{templateId}/occurrences/{date}/confirm',
    request: async (context) => ({
      method: 'POST',
      url: `${context.base}/transaction-templates/${await context.fresh.template()}/occurrences/2025-03-15/confirm`,
      budgetId: context.world.budgetId,
    }),
    expect: editors(201),
  },
  skipTemplateOccurrence: {
    route: 'POST /api/budget/{budgetId}/transaction-templates/{templateId}/occurrences/{date}/skip',
    request: async (context) => ({
      method: 'POST',
      url: `${context.base}/transaction-templates/${await context.fresh.template()}/occurrences/2025-03-15/skip`,
      budgetId: context.world.budgetId,
    }),
    expect: editors(),
  },
  skipTemplateOccurrencesThrough: {
    route: 'POST /api/budget/{budgetId}/transaction-templates/{templateId}/skip-through',
    request: async (context) => ({
      method: 'POST',
      url: `${context.base}/transaction-templates/${await context.fresh.template()}/skip-through`,
      body: { date: '2025-04-15' },
      budgetId: context.world.budgetId,
    }),
    expect: editors(),
  },
  // ── Loans (issue 32) ────────────────────────────────────────────────────────────────────────────────
  createLoan: {
    route: 'POST /api/budget/{budgetId}/loans',
    request: async ({ base, world }) => ({
      method: 'POST',
      url: `${base}/loans`,
      body: {
        name: 'Samochód',
        principal: 4_000_000,
        annualRate: '8.9',
        installments: 48,
        paymentType: 'Decreasing',
        firstPaymentDate: '2025-04-05',
      },
      budgetId: world.budgetId,
    }),
    expect: editors(201),
  },
  recordLoanActivity: {
    route: 'POST /api/budget/{budgetId}/loans/{loanId}/activities',
    request: async ({ base, world }) => ({
      method: 'POST',
      url: `${base}/loans/${world.pathValues.loanId}/activities`,
      body: { type: 'InterestRateChange', fromInstallment: 7, annualRate: '4.1' },
      budgetId: world.budgetId,
    }),
    expect: editors(201),
  },
  payLoanInstallment: {
    route: 'POST /api/budget/{budgetId}/loans/{loanId}/payments',
    request: async (context) => ({
      method: 'POST',
      url: `${context.base}/loans/${await context.fresh.loan()}/payments`,
      body: { installment: 1, fromBankAccountId: context.world.pathValues.bankAccountId, date: '2030-01-20' },
      budgetId: context.world.budgetId,
    }),
    expect: editors(201),
  },
  overpayLoan: {
    route: 'POST /api/budget/{budgetId}/loans/{loanId}/overpayments',
    request: async (context) => ({
      method: 'POST',
      url: `${context.base}/loans/${await context.fresh.loan()}/overpayments`,
      body: {
        afterInstallment: 1,
        value: 100_000,
        mode: 'LowerInstallment',
        fromBankAccountId: context.world.pathValues.bankAccountId,
        date: '2030-01-25',
      },
      budgetId: context.world.budgetId,
    }),
    expect: editors(201),
  },
  closeLoan: {
    route: 'POST /api/budget/{budgetId}/loans/{loanId}/close',
    request: async (context) => ({
      method: 'POST',
      url: `${context.base}/loans/${await context.fresh.loan()}/close`,
      budgetId: context.world.budgetId,
    }),
    expect: editors(),
  },
  // ── Sharing (issue 30; pending until `shareserver` is merged) ───────────────────────────────────────
  createInvitation: {
    route: 'POST /api/budget/{budgetId}/invitations',
    request: async ({ base, world }) => ({
      method: 'POST',
      url: `${base}/invitations`,
      body: { email: `someone-${randomUUID()}@example.com`, role: 'Guest', access: 'Read' },
      budgetId: world.budgetId,
    }),
    expect: owners(201),
  },
  listInvitations: {
    route: 'GET /api/budget/{budgetId}/invitations',
    request: get('/invitations'),
    expect: owners(),
  },
  revokeInvitation: {
    route: 'DELETE /api/budget/{budgetId}/invitations/{invitationId}',
    request: async (context) => {
      const { id } = await invite(context, context.world.budgetId)
      return { method: 'DELETE', url: `${context.base}/invitations/${id}`, budgetId: context.world.budgetId }
    },
    expect: owners(204),
  },
  removeBudgetCollaboration: [
    {
      route: 'DELETE /api/budget/{budgetId}/budget-collaborations/{userId}',
      variant: 'remove the Edit guest',
      request: async (context) => {
        const budgetId = await context.freshBudget()
        return {
          method: 'DELETE',
          url: `/api/budget/${budgetId}/budget-collaborations/${context.userIds.editor}`,
          budgetId,
        }
      },
      expect: { ...owners(204), editor: ok(204) },
    },
    {
      route: 'DELETE /api/budget/{budgetId}/budget-collaborations/{userId}',
      variant: 'remove the Read guest',
      request: async (context) => {
        const budgetId = await context.freshBudget()
        return {
          method: 'DELETE',
          url: `/api/budget/${budgetId}/budget-collaborations/${context.userIds.reader}`,
          budgetId,
        }
      },
      expect: { ...owners(204), reader: ok(204) },
    },
    {
      route: 'DELETE /api/budget/{budgetId}/budget-collaborations/{userId}',
      variant: 'leave (the caller itself)',
      request: async (context, caller) => {
        const budgetId = await context.freshBudget()
        return {
          method: 'DELETE',
          url: `/api/budget/${budgetId}/budget-collaborations/${context.userIds[caller]}`,
          budgetId,
        }
      },
      expect: { ...members(204), owner: { status: 409, code: 'sole_owner' } },
    },
  ],
  updateBudgetCollaboration: {
    route: 'PATCH /api/budget/{budgetId}/budget-collaborations/{userId}',
    request: async (context) => {
      const budgetId = await context.freshBudget()
      return {
        method: 'PATCH',
        url: `/api/budget/${budgetId}/budget-collaborations/${context.userIds.reader}`,
        body: { access: 'Edit' },
        budgetId,
      }
    },
    expect: owners(),
  },
  handOverBudget: {
    route: 'POST /api/budget/{budgetId}/budget-collaborations/{userId}/ownership',
    request: async (context) => {
      const budgetId = await context.freshBudget()
      return {
        method: 'POST',
        url: `/api/budget/${budgetId}/budget-collaborations/${context.userIds.editor}/ownership`,
        budgetId,
      }
    },
    expect: owners(),
  },
}

/** The entries of the table as (operation id, case) pairs. */
const cases = Object.entries(table).flatMap(([operationId, entry]) =>
  (Array.isArray(entry) ? entry : [entry as Case]).map((each) => ({ operationId, ...each })),
)

describe.each(databases())('the role matrix on $kind', (target) => {
  let app: FastifyInstance
  let database: TestDatabase
  let api: ApiDescription
  let context: Context
  const authorization = {} as Record<Caller, string>
  const calls = {} as Record<Caller, Call>

  /** Shares `budgetId` as the world's is: an Edit guest, a Read guest, and a guest removed again. */
  const share = async (budgetId: string, userIds: Readonly<Record<Caller, string>>) => {
    const db = app.ledger.db
    await db
      .insertInto('budget_members')
      .values([
        {
          budget_id: budgetId,
          user_id: userIds.editor,
          role: 'Guest',
          access: 'Edit',
          invited_by: userIds.owner,
        },
        {
          budget_id: budgetId,
          user_id: userIds.reader,
          role: 'Guest',
          access: 'Read',
          invited_by: userIds.owner,
        },
        {
          budget_id: budgetId,
          user_id: userIds.removed,
          role: 'Guest',
          access: 'Edit',
          invited_by: userIds.owner,
        },
      ])
      .execute()
    await db
      .deleteFrom('budget_members')
      .where('budget_id', '=', budgetId)
      .where('user_id', '=', userIds.removed)
      .execute()
  }

  beforeAll(async () => {
    database = await target.create()
    app = createTestApp(database)
    await app.ready()
    api = await loadApi(app)
    const userIds = {} as Record<Caller, string>
    for (const caller of callers) {
      // Signed in as the web app is (token management refuses personal tokens).
      const { tokens } = await registerAndSignIn(
        createBrowser(app),
        `${caller}-${target.kind}@example.com`,
        'a long enough password',
      )
      authorization[caller] = `Bearer ${tokens.access_token}`
      calls[caller] = callerWith(app, authorization[caller])
      userIds[caller] = expectStatus(await calls[caller]('GET', '/api/user-profile'), 200).id
      // The first visit welcomes the user: a notification of its own to address.
      expectStatus(await calls[caller]('PUT', '/api/user-profile/visit', {}), 200)
    }
    const arrange = calls.owner
    const world = await buildWorld(arrange)
    await share(world.budgetId, userIds)
    const base = `/api/budget/${world.budgetId}`
    const made = async (method: 'POST' | 'PUT', path: string, body: unknown, status = 201) =>
      expectStatus(await arrange(method, `${base}${path}`, body), status)
    const fresh: Fresh = {
      group: async () => (await made('POST', '/category-groups', { name: 'Nowa' })).id,
      category: async () =>
        (
          await made('POST', '/categories', {
            categoryGroupId: world.pathValues.categoryGroupId,
            name: `Nowa ${randomBytes(2).toString('hex')}`,
            type: 'Expense',
          })
        ).id,
      account: async (balance = 0) =>
        (
          await made('POST', '/bank-accounts', {
            name: 'Nowe',
            type: 'unconnected',
            balance,
            date: '2025-03-01',
          })
        ).id,
      transaction: async () =>
        (
          await made('POST', '/transactions', {
            bankAccountId: world.pathValues.bankAccountId,
            date: '2025-03-22',
            payee: 'Sklep',
            value: -200,
            splits: [],
          })
        ).id,
      filter: async () => (await made('POST', '/filters', { name: 'Nowy', criteria: { minValue: 1 } })).id,
      template: async () =>
        (
          await made('POST', '/transaction-templates', {
            bankAccountId: world.pathValues.bankAccountId,
            payee: 'Abonament',
            value: -1_000,
            frequency: 'Monthly',
            startDate: '2025-03-15',
            splits: [],
          })
        ).id,
      loan: async () =>
        (
          await made('POST', '/loans', {
            name: 'Raty',
            principal: 1_200_000,
            annualRate: '9.9',
            installments: 24,
            paymentType: 'Constant',
            firstPaymentDate: '2030-01-20',
          })
        ).id,
      bankImport: async () => {
        const request = await bankFile(context, `${base}/imports`)
        const answer = expectStatus(
          await arrange('POST', request.url, request.body, { ...request.headers }),
          201,
        )
        return answer.importId
      },
      preset: async () => {
        const id = `preset-${randomBytes(3).toString('hex')}`
        await made(
          'PUT',
          `/import-presets/${id}`,
          { name: 'ING', format: 'ing', encoding: null, mapping: null },
          200,
        )
        return id
      },
      overspent: async () => {
        const category = await fresh.category()
        await made('POST', '/transactions', {
          bankAccountId: world.pathValues.bankAccountId,
          date: '2025-03-24',
          payee: 'Za dużo',
          value: -500,
          splits: [{ categoryId: category, value: -500 }],
        })
        return category
      },
      assignment: async () => {
        await made(
          'PUT',
          `/period/202505/categories/${world.pathValues.categoryId}/assigned`,
          { value: 1_000 + (randomBytes(1)[0] ?? 0) },
          200,
        )
      },
    }
    context = {
      world,
      base,
      arrange,
      userIds,
      fresh,
      freshBudget: async () => {
        const budget = expectStatus(
          await arrange('POST', '/api/budget', { name: 'Świeży', currency: 'PLN' }),
          201,
        )
        await share(budget.id, userIds)
        return budget.id
      },
    }
  }, 180_000)
  afterAll(async () => {
    await app?.close()
    await database?.dispose()
  })

  /** What a refusal must leave as it was: the stream's version and the settings kept beside it. */
  const budgetSnapshot = async (budgetId: string) => {
    const db = app.ledger.db
    const budget = await db
      .selectFrom('budgets')
      .select(['version', 'name', 'deleted'])
      .where('id', '=', budgetId)
      .executeTakeFirst()
    const members = await db
      .selectFrom('budget_members')
      .select(['user_id', 'role', 'access'])
      .where('budget_id', '=', budgetId)
      .orderBy('user_id')
      .execute()
    const rules = await readPayeeRules(db, budgetId)
    const presets = await readImportPresets(db, budgetId)
    return { budget, members, rules, presets }
  }

  /** Per-caller values some account routes need: their own token, notification and settings. */
  const own = async (caller: Caller, request: Request): Promise<Request> => {
    const call = calls[caller]
    if (request.url === '/api/tokens/{own}') {
      const token = expectStatus(await call('POST', '/api/tokens', { name: 'to revoke' }), 201)
      return { ...request, url: `/api/tokens/${token.id}` }
    }
    if (request.url === '/api/notifications/{own}/read') {
      const items = expectStatus(await call('GET', '/api/notifications'), 200).items as { id: string }[]
      const id = items[0]?.id
      if (id === undefined) throw new Error(`${caller} has no notification`)
      return { ...request, url: `/api/notifications/${id}/read` }
    }
    // The caller's own settings, sent back as they are.
    if (typeof request.body === 'string' && request.body.startsWith('{own:'))
      return { ...request, body: expectStatus(await call('GET', request.body.slice(5, -1)), 200) }
    return request
  }

  const send = (caller: Caller, request: Request): Promise<LightMyRequestResponse> => {
    const json = request.body !== undefined && !Buffer.isBuffer(request.body)
    return app.inject({
      method: request.method,
      url: request.url,
      headers: {
        authorization: authorization[caller],
        ...(json ? { 'content-type': 'application/json' } : {}),
        ...request.headers,
      },
      ...(request.body === undefined
        ? {}
        : { payload: json ? JSON.stringify(request.body) : (request.body as Buffer) }),
    })
  }

  const codeOf = (response: LightMyRequestResponse): string | undefined => {
    try {
      return (JSON.parse(response.body) as { code?: string }).code
    } catch {
      return undefined
    }
  }

  it('has an entry for every operation of the document, and names none it lacks', () => {
    const documented = new Map(api.operations.map((operation) => [operation.operationId, operation]))
    const routeOf = (operationId: string) => {
      const operation = documented.get(operationId)
      return operation && `${operation.method} ${operation.path}`
    }
    // An operation without an entry; a hint when an entry has its route under another id.
    const missing = [...documented.keys()]
      .filter((operationId) => !(operationId in table))
      .map((operationId) => {
        const renamed = cases.find((each) => each.route === routeOf(operationId))
        return renamed === undefined
          ? operationId
          : `${operationId} (the entry ${renamed.operationId} has its route)`
      })
    expect(missing, 'operations of the document without an entry in the role matrix').toEqual([])
    const unknown = Object.keys(table).filter((operationId) => !documented.has(operationId))
    expect(unknown, 'entries naming an operation the document lacks').toEqual([])
    const wrongRoutes = cases
      .filter((each) => documented.has(each.operationId) && routeOf(each.operationId) !== each.route)
      .map((each) => `${each.operationId}: entry ${each.route}, document ${routeOf(each.operationId)}`)
    expect(wrongRoutes).toEqual([])
  })

  it('answers every operation × caller as the matrix says; a refusal is a problem document and writes nothing', async () => {
    const documented = new Set(api.operations.map((operation) => operation.operationId))
    const results: object[] = []
    const expected: object[] = []
    for (const each of cases) {
      if (!documented.has(each.operationId)) continue
      for (const caller of order) {
        const request = await own(caller, await each.request(context, caller))
        const before = request.budgetId === undefined ? undefined : await budgetSnapshot(request.budgetId)
        const response = await send(caller, request)
        const refused = response.statusCode >= 400
        const row = `${each.operationId}${each.variant === undefined ? '' : ` (${each.variant})`} as ${caller}`
        results.push({
          row,
          status: response.statusCode,
          ...(refused ? { code: codeOf(response), problem: checkProblem(response).why ?? 'ok' } : {}),
          ...(refused && before !== undefined
            ? {
                wroteNothing:
                  JSON.stringify(await budgetSnapshot(request.budgetId ?? '')) === JSON.stringify(before),
              }
            : {}),
        })
        const want = each.expect[caller]
        const wantRefused = want.status >= 400
        expected.push({
          row,
          status: want.status,
          ...(wantRefused ? { code: want.code, problem: 'ok' } : {}),
          ...(wantRefused && before !== undefined ? { wroteNothing: true } : {}),
        })
      }
    }
    expect(results).toEqual(expected)
  }, 300_000)

  it("streams the budget's events to its guests as they happen, and refuses the stream to non-members", async () => {
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' })
    const url = `${baseUrl}${context.base}/events/stream`
    const streams = []
    for (const caller of ['reader', 'editor'] as const) {
      const stream = await openStream(url, authorization[caller])
      expect(stream.status, caller).toBe(200)
      streams.push(stream)
    }
    // The owner writes; each guest's stream delivers it, after the budget's history.
    expectStatus(
      await context.arrange('POST', `${context.base}/transactions`, {
        bankAccountId: context.world.pathValues.bankAccountId,
        date: '2025-03-23',
        payee: 'Na żywo',
        value: -100,
        splits: [],
      }),
      201,
    )
    for (const stream of streams) {
      await expect.poll(() => stream.delivered.includes('TransactionAdded')).toBe(true)
      expect(stream.delivered[0]).toBe('BudgetCreated')
      stream.close()
    }
    for (const caller of ['removed', 'stranger'] as const) {
      const stream = await openStream(url, authorization[caller])
      expect({ caller, status: stream.status }).toEqual({ caller, status: 404 })
      stream.close()
    }
  })
})

/** An open event stream: its status and the event types it delivered so far. */
const openStream = async (url: string, authorization: string) => {
  const controller = new AbortController()
  const response = await fetch(url, { headers: { authorization }, signal: controller.signal })
  const delivered: string[] = []
  const reader = response.body?.getReader()
  if (response.status === 200 && reader !== undefined) {
    const decoder = new TextDecoder()
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) return
        for (const line of decoder.decode(value, { stream: true }).split('\n'))
          if (line.startsWith('event: ')) delivered.push(line.slice('event: '.length))
      }
    })().catch(() => undefined)
  }
  return { status: response.status, delivered, close: () => controller.abort() }
}
