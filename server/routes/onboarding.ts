import { Onboarding, OnboardingUpdate } from '../../schemas/onboarding.ts'
import { Problem } from '../../schemas/problem.ts'
import { defineRoute } from '../http/route.ts'
import { callerId } from '../ledger/http.ts'
import { readOnboarding, writeOnboarding } from '../repositories/onboarding.ts'

const tags = ['onboarding']

export const onboardingRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/onboarding',
    operationId: 'getOnboarding',
    summary:
      "The caller's onboarding progress and its latest events (a fresh progress before the first save)",
    tags,
    responses: { 200: { description: 'The progress.', schema: Onboarding } },
    handler: async ({ request, respond }) =>
      respond(200, await readOnboarding(request.server.database.db, callerId(request))),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/onboarding',
    operationId: 'saveOnboarding',
    summary: "Replace the caller's onboarding progress and append the events since the last save",
    tags,
    body: OnboardingUpdate,
    responses: {
      200: { description: 'The progress as stored.', schema: Onboarding },
      400: { description: 'The body is not a valid progress.', schema: Problem },
    },
    handler: async ({ body, request, respond }) => {
      const userId = callerId(request)
      const { db } = request.server.database
      await writeOnboarding(db, userId, body, new Date())
      return respond(200, await readOnboarding(db, userId))
    },
  }),
]
