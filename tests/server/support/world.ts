import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { type Call, expectStatus } from '../ledger/harness.ts'
import { form } from './multipart.ts'

/** Calls the app with JSON bodies as the holder of `authorization` (a personal token or an access token). */
export const callerWith =
  (app: FastifyInstance, authorization: string): Call =>
  async (method, url, body, headers = {}) => {
    const response = await app.inject({
      method,
      url,
      headers: { authorization, ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    })
    return {
      status: response.statusCode,
      headers: response.headers,
      body: response.body === '' ? undefined : JSON.parse(response.body),
    }
  }

/** One user's budget with one object of every kind the API addresses by id, and the ids by kind. */
export interface World {
  readonly budgetId: string
  /** Ids by kind (`bankAccount`, `category`, …), as `Hints.ids` wants them. */
  readonly ids: Readonly<Record<string, readonly string[]>>
  /** Values for every path parameter the API has today. */
  readonly pathValues: Readonly<Record<string, string>>
  /** A string in every name, payee and memo of this world, so an answer carrying any of them is noticed. */
  readonly marker: string
}

/**
 * Builds the world through the API as `call`'s user: a budget with a group, expense and income categories, two
 * accounts, a transaction, a transfer, a target, a filter and an assignment.
 */
export const buildWorld = async (call: Call): Promise<World> => {
  const marker = `secret${randomBytes(4).toString('hex')}`
  const budget = expectStatus(
    await call('POST', '/api/budget', { name: `${marker} budget`, currency: 'PLN' }),
    201,
  )
  const base = `/api/budget/${budget.id}`
  const group = expectStatus(await call('POST', `${base}/category-groups`, { name: `${marker} group` }), 201)
  const category = async (name: string, type: string) =>
    expectStatus(
      await call('POST', `${base}/categories`, {
        categoryGroupId: group.id,
        name: `${marker} ${name}`,
        type,
      }),
      201,
    ).id as string
  const rent = await category('rent', 'Expense')
  const food = await category('food', 'Expense')
  const salary = await category('salary', 'Income')
  const account = async (name: string, balance: number) =>
    expectStatus(
      await call('POST', `${base}/bank-accounts`, {
        name: `${marker} ${name}`,
        type: 'unconnected',
        balance,
        date: '2025-03-01',
      }),
      201,
    ).id as string
  const checking = await account('checking', 100_000)
  const savings = await account('savings', 5_000)
  const spent = expectStatus(
    await call('POST', `${base}/transactions`, {
      bankAccountId: checking,
      date: '2025-03-10',
      payee: `${marker} shop`,
      memo: `${marker} memo`,
      value: -2_500,
      splits: [{ categoryId: food, value: -2_500 }],
    }),
    201,
  )
  const transfer = expectStatus(
    await call('POST', `${base}/transfers`, {
      fromBankAccountId: checking,
      toBankAccountId: savings,
      date: '2025-03-11',
      value: 1_000,
      memo: `${marker} transfer`,
    }),
    201,
  )
  expectStatus(
    await call('PUT', `${base}/categories/${rent}/target`, {
      type: 'NeededForSpendingMonthly',
      amount: 50_000,
    }),
    200,
  )
  expectStatus(await call('PUT', `${base}/period/202503/categories/${rent}/assigned`, { value: 30_000 }), 200)
  const filter = expectStatus(
    await call('POST', `${base}/filters`, { name: `${marker} filter`, criteria: { payeeText: marker } }),
    201,
  )
  const tokens = expectStatus(await call('GET', '/api/tokens'), 200).tokens as { id: string }[]
  const token =
    tokens[0]?.id ??
    (expectStatus(await call('POST', '/api/tokens', { name: `${marker} token` }), 201).id as string)
  const transactions = [spent.id, transfer.outflow.id, transfer.inflow.id] as string[]
  // Import settings (docs/decisions/0017): a preset and a rule, each carrying the marker.
  const preset = 'preset-1'
  expectStatus(
    await call('PUT', `${base}/import-presets/${preset}`, {
      name: `${marker} preset`,
      format: 'mbank',
      encoding: null,
      mapping: null,
    }),
    200,
  )
  expectStatus(
    await call('PUT', `${base}/payee-rules`, {
      rules: [
        {
          id: 'rule-1',
          match: 'contains',
          text: `${marker} shop`,
          rename: `${marker} rule`,
          categoryId: food,
        },
      ],
    }),
    200,
  )
  // A bank-file import (issue 28): one QIF row whose payee carries the marker.
  const qif = form(
    new TextEncoder().encode(`!Type:Bank\nD2025-03-12\nT-12.50\nP${marker} import\n^\n`),
    'wyciag.qif',
    { bankAccountId: checking },
  )
  const imported = expectStatus(
    await call('POST', `${base}/imports`, qif.payload, { 'content-type': qif.contentType }),
    201,
  ).importId as string
  // The first visit welcomes the user: a notification to address.
  expectStatus(await call('PUT', '/api/user-profile/visit', {}), 200)
  const notifications = expectStatus(await call('GET', '/api/notifications'), 200).items as { id: string }[]
  const notification = notifications[0]?.id
  if (notification === undefined) throw new Error('no welcome notification')
  // A recurring template (issue 29) with a confirmed occurrence, its payee and memo carrying the marker.
  const template = expectStatus(
    await call('POST', `${base}/transaction-templates`, {
      bankAccountId: checking,
      payee: `${marker} landlord`,
      memo: `${marker} rent`,
      value: -30_000,
      frequency: 'Monthly',
      startDate: '2025-03-15',
      splits: [{ categoryId: rent, value: -30_000 }],
    }),
    201,
  ).id as string
  expectStatus(
    await call('POST', `${base}/transaction-templates/${template}/occurrences/2025-03-15/confirm`),
    201,
  )
  // Sharing (issue 30): a pending invitation; the user's own id addresses a membership.
  const invitation = expectStatus(
    await call('POST', `${base}/invitations`, {
      email: `${marker}@example.com`,
      role: 'Guest',
      access: 'Read',
    }),
    201,
  )
  // A loan (issue 32) with an overpayment, its name carrying the marker.
  const loan = expectStatus(
    await call('POST', `${base}/loans`, {
      name: `${marker} mortgage`,
      principal: 30_000_000,
      annualRate: '3.3',
      installments: 360,
      paymentType: 'Constant',
      firstPaymentDate: '2025-02-10',
      bankAccountId: checking,
    }),
    201,
  ).id as string
  expectStatus(
    await call('POST', `${base}/loans/${loan}/activities`, {
      type: 'PrincipalChange',
      afterInstallment: 2,
      value: 100_000,
      mode: 'ShortenTerm',
    }),
    201,
  )
  const userId = expectStatus(await call('GET', '/api/user-profile'), 200).id as string
  return {
    budgetId: budget.id,
    marker,
    ids: {
      budget: [budget.id],
      categoryGroup: [group.id],
      category: [rent, food, salary],
      bankAccount: [checking, savings],
      transaction: transactions,
      filter: [filter.id],
      token: [token],
      preset: [preset],
      import: [imported],
      notification: notifications.map((item) => item.id),
      template: [template],
      loan: [loan],
      invitation: [invitation.id],
      invitationToken: [invitation.token],
      user: [userId],
    },
    pathValues: {
      budgetId: budget.id,
      bankAccountId: checking,
      categoryId: rent,
      categoryGroupId: group.id,
      transactionId: spent.id,
      filterId: filter.id,
      tokenId: token,
      presetId: preset,
      importId: imported,
      notificationId: notification,
      templateId: template,
      loanId: loan,
      invitationId: invitation.id,
      userId,
      token: invitation.token,
      date: '2025-04-15',
      periodKey: '202503',
    },
  }
}
