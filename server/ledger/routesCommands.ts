import { BudgetParams, CommandBody, EventPage } from '../../schemas/ledgerApi.ts'
import { defineRoute } from '../http/route.ts'
import { runCommand } from './http.ts'

/**
 * POST /api/budget/{id}/commands: the open budget in the app sends each command it applied optimistically, as the
 * domain knows it, and folds the answered events (the REST routes answer with read models instead). The body is a
 * command draft decoded by the route: a malformed one is refused (400) before the budget's row is locked.
 */
export const commandRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/commands',
    operationId: 'runBudgetCommand',
    summary:
      'Run one domain command (any BudgetCommand but CreateBudget, without commandId/at/userId); answers the appended events',
    tags: ['live'],
    params: BudgetParams,
    body: CommandBody,
    responses: {
      // The events are typed domain values stored as the JSON they encode to.
      200: { description: 'The events appended and the new version.', schema: EventPage, encodesAsIs: true },
    },
    handler: async ({ params, body, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        // The caller's fields cannot override who, when and which command this is.
        commands: (meta) => [{ ...body.command, ...meta(0) }],
        answer: (_after, version, appended) => ({ version, events: appended }),
      }),
  }),
]
