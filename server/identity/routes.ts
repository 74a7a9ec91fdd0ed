import * as Schema from 'effect/Schema'
import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import {
  AuthClientConfig,
  CreatedPersonalToken,
  CreatePersonalToken,
  PersonalTokenId,
  PersonalTokenList,
  PersonalTokenParams,
} from '../../schemas/identity.ts'
import { UserId } from '../../schemas/ids.ts'
import { Problem } from '../../schemas/problem.ts'
import { UpdateProfileBody } from '../../schemas/sharing.ts'
import {
  Subscription,
  UserLocale,
  UserProfile,
  UserSettings,
  UserSettingsUpdate,
  VisitReport,
} from '../../schemas/user.ts'
import { makeProblem, ProblemError } from '../http/problem.ts'
import { defineRoute } from '../http/route.ts'
import type { AuthenticatedUser } from './apiAuth.ts'
import type { IdentityConfig } from './config.ts'
import { registerPath } from './pages/login.ts'
import { createPersonalToken, listPersonalTokens, revokePersonalToken } from './personalTokens.ts'
import { webClientScopes } from './provider.paths.ts'
import type { IdentityTables } from './tables.ts'
import { findUserById, recordVisit, setDisplayName, setUserLocale } from './users.ts'

const unauthorized = { description: 'No valid bearer token (see WWW-Authenticate).', schema: Problem }

const callerOf = (request: FastifyRequest): AuthenticatedUser => {
  if (request.user === null) throw new Error('an /api route ran without the authentication hook')
  return request.user
}

const profileOf = async (db: Kysely<IdentityTables>, userId: string): Promise<UserProfile> => {
  const user = await findUserById(db, userId)
  if (user === undefined) throw new ProblemError(makeProblem(404, 'not_found', 'The user no longer exists.'))
  return UserProfile.make({
    id: UserId.make(user.id),
    email: user.email,
    isDisabled: user.disabled_at !== null,
    createdAt: user.created_at.toISOString(),
    lastVisitAt: user.last_visit_at?.toISOString() ?? null,
    displayName: user.display_name,
  })
}

export const subscriptionOf = async (
  db: Kysely<IdentityTables>,
  config: IdentityConfig,
  userId: string,
  now = new Date(),
): Promise<Subscription> => {
  if (!config.billing) return { isExpired: false, billing: 'off', endsAt: null }
  const row = await db
    .selectFrom('subscriptions')
    .select('ends_at')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return {
    isExpired: row === undefined || row.ends_at.getTime() <= now.getTime(),
    billing: 'on',
    endsAt: row?.ends_at.toISOString() ?? null,
  }
}

export const authConfigRoute = defineRoute({
  method: 'GET',
  path: '/api/auth/config',
  operationId: 'getAuthConfig',
  summary: 'How the web app signs in: issuer, client id, scopes and API audience (no token needed)',
  tags: ['identity'],
  responses: { 200: { description: 'The sign-in settings.', schema: AuthClientConfig } },
  handler: async ({ request, respond }) => {
    const { config } = request.server.identity
    return respond(200, {
      authority: config.issuer,
      clientId: config.clientId,
      scope: webClientScopes.join(' '),
      resource: config.audience,
      registrationUrl: config.embedded ? `${config.publicOrigin}${registerPath}` : null,
    })
  },
})

export const userProfileRoute = defineRoute({
  method: 'GET',
  path: '/api/user-profile',
  operationId: 'getUserProfile',
  summary: 'The signed-in user (isDisabled makes the app sign out)',
  tags: ['identity'],
  responses: { 200: { description: 'The profile.', schema: UserProfile }, 401: unauthorized },
  handler: async ({ request, respond }) =>
    respond(200, await profileOf(request.server.identity.db, callerOf(request).id)),
})

export const updateUserProfileRoute = defineRoute({
  method: 'PUT',
  path: '/api/user-profile',
  operationId: 'updateUserProfile',
  summary: 'Set the name other members of shared budgets see (null or blank: the e-mail again)',
  tags: ['identity'],
  body: UpdateProfileBody,
  responses: {
    200: { description: 'The profile with the change.', schema: UserProfile },
    401: unauthorized,
  },
  handler: async ({ request, body, respond }) => {
    const { db } = request.server.identity
    const { id } = callerOf(request)
    await setDisplayName(db, id, body.displayName)
    return respond(200, await profileOf(db, id))
  },
})

export const visitRoute = defineRoute({
  method: 'PUT',
  path: '/api/user-profile/visit',
  operationId: 'recordVisit',
  summary: 'Record that the user opened the app now',
  tags: ['identity'],
  body: VisitReport,
  responses: {
    200: { description: 'The profile with the visit recorded.', schema: UserProfile },
    401: unauthorized,
  },
  handler: async ({ request, respond }) => {
    const { db, visited } = request.server.identity
    const { id } = callerOf(request)
    await recordVisit(db, id)
    await visited(id)
    return respond(200, await profileOf(db, id))
  },
})

const settingsOf = async (db: Kysely<IdentityTables>, userId: string): Promise<UserSettings> => {
  const user = await findUserById(db, userId)
  if (user === undefined) throw new ProblemError(makeProblem(404, 'not_found', 'The user no longer exists.'))
  const locale = user.locale
  return { locale: Schema.is(UserLocale)(locale) ? locale : null }
}

export const userSettingsRoute = defineRoute({
  method: 'GET',
  path: '/api/user-settings',
  operationId: 'getUserSettings',
  summary: "The user's settings: the language chosen at sign-in or in the app (null until chosen)",
  tags: ['identity'],
  responses: { 200: { description: 'The settings.', schema: UserSettings }, 401: unauthorized },
  handler: async ({ request, respond }) =>
    respond(200, await settingsOf(request.server.identity.db, callerOf(request).id)),
})

export const updateUserSettingsRoute = defineRoute({
  method: 'PUT',
  path: '/api/user-settings',
  operationId: 'updateUserSettings',
  summary: "Record the user's language, so that every browser opens in it",
  tags: ['identity'],
  body: UserSettingsUpdate,
  responses: {
    200: { description: 'The settings with the change.', schema: UserSettings },
    401: unauthorized,
  },
  handler: async ({ request, body, respond }) => {
    const { db } = request.server.identity
    const { id } = callerOf(request)
    await setUserLocale(db, id, body.locale)
    return respond(200, await settingsOf(db, id))
  },
})

export const subscriptionRoute = defineRoute({
  method: 'GET',
  path: '/api/subscription',
  operationId: 'getSubscription',
  summary: 'Whether the subscription has expired (never, while billing is off)',
  tags: ['identity'],
  responses: { 200: { description: 'The subscription state.', schema: Subscription }, 401: unauthorized },
  handler: async ({ request, respond }) => {
    const { db, config } = request.server.identity
    return respond(200, await subscriptionOf(db, config, callerOf(request).id))
  },
})

const tokenSummary = (token: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }) => ({
  id: PersonalTokenId.make(token.id),
  name: token.name,
  createdAt: token.createdAt.toISOString(),
  lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
})

export const listTokensRoute = defineRoute({
  method: 'GET',
  path: '/api/tokens',
  operationId: 'listPersonalTokens',
  summary: 'The caller’s personal access tokens (names and dates, never secrets)',
  tags: ['identity'],
  responses: { 200: { description: 'The tokens.', schema: PersonalTokenList }, 401: unauthorized },
  handler: async ({ request, respond }) => {
    const tokens = await listPersonalTokens(request.server.identity.db, callerOf(request).id)
    return respond(200, PersonalTokenList.make({ tokens: tokens.map(tokenSummary) }))
  },
})

const notWithPersonalToken = {
  description: 'Tokens are managed only from a signed-in session, not with a personal access token.',
  schema: Problem,
}

export const createTokenRoute = defineRoute({
  method: 'POST',
  path: '/api/tokens',
  operationId: 'createPersonalToken',
  summary: 'Create a named personal access token; its secret is in this answer only',
  tags: ['identity'],
  body: CreatePersonalToken,
  responses: {
    201: { description: 'The new token with its secret.', schema: CreatedPersonalToken },
    400: { description: 'The name is missing or too long.', schema: Problem },
    401: unauthorized,
    403: notWithPersonalToken,
  },
  handler: async ({ request, body, respond }) => {
    const caller = callerOf(request)
    if (caller.via === 'personal_token') {
      return respond(403, makeProblem(403, 'personal_token_not_allowed', notWithPersonalToken.description))
    }
    const created = await createPersonalToken(request.server.identity.db, caller.id, body.name)
    return respond(201, CreatedPersonalToken.make({ ...tokenSummary(created), token: created.token }))
  },
})

export const revokeTokenRoute = defineRoute({
  method: 'DELETE',
  path: '/api/tokens/:tokenId',
  operationId: 'revokePersonalToken',
  summary: 'Revoke one of the caller’s personal access tokens',
  tags: ['identity'],
  params: PersonalTokenParams,
  responses: {
    200: { description: 'The remaining tokens.', schema: PersonalTokenList },
    401: unauthorized,
    403: notWithPersonalToken,
    404: { description: 'No such token of this user.', schema: Problem },
  },
  handler: async ({ request, params, respond }) => {
    const caller = callerOf(request)
    if (caller.via === 'personal_token') {
      return respond(403, makeProblem(403, 'personal_token_not_allowed', notWithPersonalToken.description))
    }
    const { db } = request.server.identity
    if (!(await revokePersonalToken(db, caller.id, params.tokenId))) {
      throw new ProblemError(makeProblem(404, 'not_found', 'No such personal access token.'))
    }
    const tokens = await listPersonalTokens(db, caller.id)
    return respond(200, PersonalTokenList.make({ tokens: tokens.map(tokenSummary) }))
  },
})

/** Registered by the identity plugin; the OpenAPI document should list them beside the app's routes. */
export const identityApiRoutes = [
  authConfigRoute,
  userProfileRoute,
  updateUserProfileRoute,
  visitRoute,
  userSettingsRoute,
  updateUserSettingsRoute,
  subscriptionRoute,
  listTokensRoute,
  createTokenRoute,
  revokeTokenRoute,
] as const
