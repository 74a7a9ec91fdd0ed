import * as Schema from 'effect/Schema'
import { monthView } from '../../domain/monthView.ts'
import {
  AutoAssignBody,
  BudgetParams,
  CoverOverspendingBody,
  MonthViewResponse,
  MoveMoneyBody,
  PeriodCategoryParams,
  PeriodParams,
  SetAssignedBody,
} from '../../schemas/ledgerApi.ts'
import { defineRoute } from '../http/route.ts'
import { runCommand } from './http.ts'

const tags = ['assignments']
// Month views come from the domain's monthView (typed values): their encoded form is the value itself (encodesAsIs).

export const assignmentRoutes = [
  defineRoute({
    method: 'PUT',
    path: '/api/budget/:budgetId/period/:periodKey/categories/:categoryId/assigned',
    operationId: 'setAssigned',
    summary: 'Set the amount assigned to a category in a month; answers the month view',
    tags,
    params: PeriodCategoryParams,
    body: SetAssignedBody,
    responses: {
      200: { description: 'The month after the change.', schema: MonthViewResponse, encodesAsIs: true },
    },
    handler: async ({ params, body, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        commands: (meta) => [
          {
            _tag: 'SetAssigned',
            ...meta(0),
            periodKey: params.periodKey,
            categoryId: params.categoryId,
            value: body.value,
          },
        ],
        answer: (after) => monthView(after, params.periodKey),
      }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/period/:periodKey/move-money',
    operationId: 'moveMoney',
    summary: 'Move money between two categories, or with Ready to Assign (null)',
    tags,
    params: PeriodParams,
    body: MoveMoneyBody,
    responses: {
      200: { description: 'The month after the move.', schema: MonthViewResponse, encodesAsIs: true },
    },
    handler: async ({ params, body, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        commands: (meta) => [{ _tag: 'MoveMoney', ...meta(0), periodKey: params.periodKey, ...body }],
        answer: (after) => monthView(after, params.periodKey),
      }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/period/:periodKey/cover-overspending',
    operationId: 'coverOverspending',
    summary: 'Cover an overspent category from another one or from Ready to Assign (null)',
    tags,
    params: PeriodParams,
    body: CoverOverspendingBody,
    responses: {
      200: { description: 'The month after the cover.', schema: MonthViewResponse, encodesAsIs: true },
    },
    handler: async ({ params, body, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        commands: (meta) => [{ _tag: 'CoverOverspending', ...meta(0), periodKey: params.periodKey, ...body }],
        answer: (after) => monthView(after, params.periodKey),
      }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/period/:periodKey/auto-assign',
    operationId: 'autoAssign',
    summary: "Auto-assign with one of YNAB's options",
    tags,
    params: PeriodParams,
    body: AutoAssignBody,
    responses: {
      200: { description: 'The month after auto-assign.', schema: MonthViewResponse, encodesAsIs: true },
    },
    handler: async ({ params, body, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        commands: (meta) => [{ _tag: 'AutoAssign', ...meta(0), periodKey: params.periodKey, ...body }],
        answer: (after) => monthView(after, params.periodKey),
      }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/assignments/undo',
    operationId: 'undoLastAssignment',
    summary: 'Undo the latest assignment change (repeat to walk further back)',
    tags,
    params: BudgetParams,
    responses: { 200: { description: 'Undone.', schema: Schema.Struct({ undone: Schema.Literal(true) }) } },
    handler: async ({ params, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        commands: (meta) => [{ _tag: 'UndoLastAssignment', ...meta(0) }],
        answer: () => ({ undone: true as const }),
      }),
  }),
]
