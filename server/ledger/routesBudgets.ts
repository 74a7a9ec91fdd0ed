import { createHash, randomUUID } from 'node:crypto'
import { starterCommands } from '../../domain/starterSet.ts'
import type { BudgetState } from '../../domain/state.ts'
import { BudgetId, CategoryGroupId, CategoryId } from '../../schemas/ids.ts'
import {
  BudgetList,
  BudgetParams,
  CreateBudgetBody,
  CreatedBudget,
  Deleted,
  MonthViewResponse,
  PeriodParams,
  ResetBudgetBody,
  UpdateBudgetBody,
} from '../../schemas/ledgerApi.ts'
import { IsoDate } from '../../schemas/money.ts'
import { defineRoute, respond as reply, settledAnswer } from '../http/route.ts'
import { callerId, commandKeyOf, found, readableHead, readReply, runCommand } from './http.ts'
import { listBudgets } from './read.ts'
import { monthViewAt } from './service.ts'

const tags = ['budgets']

const summary = (after: BudgetState) => {
  const budget = found(after.budget ?? undefined, 'budget')
  return { id: budget.id, name: budget.name, currency: budget.currency }
}

/** With an idempotency key, the new budget's id derives from (caller, key): a retry lands on the same budget. */
const newBudgetId = (userId: string, key: string | undefined): BudgetId => {
  if (key === undefined) return BudgetId.make(randomUUID())
  const hex = createHash('sha256').update(`${userId}\u0000${key}`).digest('hex')
  return BudgetId.make(
    `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`,
  )
}

const today = () => IsoDate.make(new Date().toISOString().slice(0, 10))

export const budgetRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/budget',
    operationId: 'listBudgets',
    summary: 'The budgets the caller is a member of',
    tags,
    responses: { 200: { description: 'The budgets.', schema: BudgetList } },
    handler: async ({ request }) =>
      reply(200, await listBudgets(request.server.ledger.db, callerId(request))),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/budget',
    operationId: 'createBudget',
    summary: 'Create a budget (the caller becomes its Owner)',
    tags,
    body: CreateBudgetBody,
    responses: { 201: { description: 'The new budget.', schema: CreatedBudget } },
    handler: async ({ body, request }) => {
      const budgetId = newBudgetId(callerId(request), commandKeyOf(request))
      const uncategorizedCategoryId = CategoryId.make(randomUUID())
      // The starter set's groups and categories are made by the same write: a budget never exists half set up.
      const starter = starterCommands(body.starter ?? [], () => randomUUID())
      return runCommand(request, budgetId, {
        status: 201,
        batch: starter.length > 0,
        create: {
          name: body.name,
          currency: body.currency,
          uncategorizedCategoryId,
          at: new Date().toISOString(),
        },
        commands: (meta) => [
          {
            _tag: 'CreateBudget',
            ...meta(0),
            budgetId,
            name: body.name,
            currency: body.currency,
            uncategorizedGroupId: CategoryGroupId.make(randomUUID()),
            uncategorizedCategoryId,
            incomeCategoryId: CategoryId.make(randomUUID()),
          },
          ...starter.map((draft, index) => ({ ...draft, ...meta(index + 1) })),
        ],
        answer: summary,
      })
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/budget/:budgetId',
    operationId: 'updateBudget',
    summary: 'Rename a budget or change its currency (only while no money is recorded)',
    tags,
    params: BudgetParams,
    body: UpdateBudgetBody,
    responses: { 200: { description: 'The budget.', schema: CreatedBudget } },
    handler: async ({ params, body, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        batch: true,
        commands: (meta) => [
          ...(body.name === undefined
            ? []
            : [{ _tag: 'RenameBudget' as const, ...meta(0), name: body.name }]),
          ...(body.currency === undefined
            ? []
            : [{ _tag: 'ChangeCurrency' as const, ...meta(1), currency: body.currency }]),
        ],
        answer: summary,
      }),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/budget/:budgetId',
    operationId: 'deleteBudget',
    summary: 'Delete a budget (its stream keeps a tombstone)',
    tags,
    params: BudgetParams,
    responses: { 200: { description: 'Deleted.', schema: Deleted } },
    handler: async ({ params, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        commands: (meta) => [{ _tag: 'DeleteBudget', ...meta(0) }],
        answer: () => ({ deleted: true as const }),
      }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/reset',
    operationId: 'resetBudget',
    summary: 'Fresh start: keep the structure and account balances, drop the money history',
    tags,
    params: BudgetParams,
    body: ResetBudgetBody,
    responses: { 200: { description: 'The budget.', schema: CreatedBudget } },
    handler: async ({ params, body, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        commands: (meta) => [{ _tag: 'ResetBudget', ...meta(0), date: body.date ?? today() }],
        answer: summary,
      }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/budget/:budgetId/period/:periodKey',
    operationId: 'getMonthView',
    summary: 'The month view: Ready to Assign, assigned in future, and every category',
    tags: ['assignments'],
    params: PeriodParams,
    // Built by the domain's monthView from typed values: its encoded form is the value itself.
    responses: { 200: { description: 'The month.', schema: MonthViewResponse, encodesAsIs: true } },
    handler: async ({ params, request }) => {
      const head = await readableHead(request, params.budgetId)
      // A version's month view never changes: it is serialized and compressed once.
      return readReply(
        settledAnswer(
          await monthViewAt(request.server.ledger, params.budgetId, head.version, params.periodKey),
        ),
        head.version,
      )
    },
  }),
]
