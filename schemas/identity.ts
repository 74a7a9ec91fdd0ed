import * as Schema from 'effect/Schema'
import { isSingleLineText } from './text.ts'
import { UtcInstant } from './user.ts'

/** `GET /api/auth/config`: what the web app needs to sign in with whichever issuer the server trusts. */
export const AuthClientConfig = Schema.Struct({
  authority: Schema.String,
  clientId: Schema.String,
  scope: Schema.String,
  /** The API audience; sent as `resource` (RFC 8707) in the authorization and token requests. */
  resource: Schema.String,
  /** The embedded provider's registration page; null with an external issuer. */
  registrationUrl: Schema.NullOr(Schema.String),
}).annotate({ identifier: 'AuthClientConfig' })
export type AuthClientConfig = typeof AuthClientConfig.Type

export const PersonalTokenId = Schema.String.check(
  Schema.isPattern(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u),
).pipe(Schema.brand('PersonalTokenId'))
export type PersonalTokenId = typeof PersonalTokenId.Type

export const PersonalTokenName = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(100))

/** A personal access token as listed: never its secret. */
export const PersonalToken = Schema.Struct({
  id: PersonalTokenId,
  name: PersonalTokenName,
  createdAt: UtcInstant,
  lastUsedAt: Schema.NullOr(UtcInstant),
}).annotate({ identifier: 'PersonalToken' })
export type PersonalToken = typeof PersonalToken.Type

export const PersonalTokenList = Schema.Struct({ tokens: Schema.Array(PersonalToken) }).annotate({
  identifier: 'PersonalTokenList',
})

export const CreatePersonalToken = Schema.Struct({
  name: PersonalTokenName.check(isSingleLineText),
}).annotate({
  identifier: 'CreatePersonalToken',
})

/** The answer to creating a token: the only time its secret is shown. */
export const CreatedPersonalToken = Schema.Struct({
  ...PersonalToken.fields,
  token: Schema.String,
}).annotate({ identifier: 'CreatedPersonalToken' })

export const PersonalTokenParams = Schema.Struct({ tokenId: PersonalTokenId })

/** Problem codes of the identity layer (RFC 9457 documents like schemas/problem.ts's, with these codes). */
