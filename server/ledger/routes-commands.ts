import { BudgetCommand } from '../../schemas/budget-commands.ts'
import { BudgetParams, CommandBody, EventPage } from '../../schemas/ledger-api.ts'
import { makeProblem, ProblemError } from '../http/problem.ts'
import { decodeRequestPart, defineRoute } from '../http/route.ts'
import { runCommand } from './http.ts'

/** Commands that have their own lifecycle routes: creating a budget makes its stream and membership first. */
const notThroughCommands = new Set(['CreateBudget'])

/**
 * POST /api/budget/{id}/commands: the open budget in the app sends each command it applied optimistically, as the
 * domain knows it, and folds the answered events (the REST routes answer with read models instead).
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
    responses: { 200: { description: 'The events appended and the new version.', schema: EventPage } },
    handler: async ({ params, body, request }) => {
      const tag = body.command['_tag']
      if (typeof tag === 'string' && notThroughCommands.has(tag)) {
        throw new ProblemError(
          makeProblem(400, 'validation_failed', `${tag} has its own route.`, [
            { path: '/body/command/_tag', message: 'Use POST /api/budget.', code: 'forbidden' },
          ]),
        )
      }
      return runCommand(request, params.budgetId, {
        status: 200,
        commands: (meta) => {
          const stamped = meta(0)
          // The caller's fields cannot override who, when and which command this is.
          return [decodeRequestPart('body', BudgetCommand, { ...body.command, ...stamped }) as BudgetCommand]
        },
        answer: (_after, version, appended) => ({
          version,
          events: appended.map(({ seq, commandId, event }) => ({
            seq,
            type: event._tag,
            data: event,
            commandId,
            actorUserId: request.user?.id ?? '',
            recordedAt: new Date().toISOString(),
          })),
        }),
      })
    },
  }),
]
