import * as Schema from 'effect/Schema'

/** Stable machine-readable reasons; clients branch on these, never on `title` or `detail`. */
export const problemCodes = [
  'bad_request',
  'invalid_json',
  'validation_failed',
  'not_found',
  'method_not_allowed',
  'not_acceptable',
  'payload_too_large',
  'unsupported_media_type',
  // Refused before routing (issue 26 §5): a malformed URL, a path segment longer than the router reads, a request
  // the HTTP parser refused, a request whose headers took too long or are too large.
  'bad_url',
  'uri_too_long',
  'request_timeout',
  'header_too_large',
  'internal_error',
  'database_unavailable',
  'app_not_built',
  'unauthorized',
  'user_disabled',
  'personal_token_not_allowed',
  'precondition_failed',
  // Too many requests in the current window (429, with Retry-After).
  'rate_limited',
  'idempotency_key_reused',
  // A member whose access or role does not allow this (docs/sharing.md): a Guest with Read access writing, or a
  // Guest doing what only the budget's owner may (delete, reset, change currency, export or import it whole).
  'read_only',
  'owner_only',
  // A file that cannot be read as what it was sent as (an import): `reason` says why.
  'unreadable_file',
  // The target of a whole-budget import already holds money or accounts.
  'budget_not_empty',
  // Invitation links: unknown, or no longer usable (410), and memberships that cannot change as asked (409).
  'invitation_not_found',
  'invitation_used',
  'invitation_used_by_you',
  'invitation_expired',
  'invitation_revoked',
  'already_member',
  'sole_owner',
  'owner_access',
] as const
export const ProblemCode = Schema.Literals(problemCodes).annotate({ identifier: 'ProblemCode' })
export type ProblemCode = typeof ProblemCode.Type

/** Why one input field was refused. */
export const fieldErrorCodes = [
  'invalid_type',
  'invalid_value',
  'missing',
  'unexpected',
  'ambiguous',
  'forbidden',
  // Text with characters it may not hold (NUL, unpaired surrogates, control characters: schemas/text.ts).
  'invalid_characters',
] as const
export const FieldErrorCode = Schema.Literals(fieldErrorCodes).annotate({ identifier: 'FieldErrorCode' })
export type FieldErrorCode = typeof FieldErrorCode.Type

export const FieldError = Schema.Struct({
  /** JSON Pointer (RFC 6901) into the request part named by its first segment: /body/events/0/name. */
  path: Schema.String,
  message: Schema.String,
  code: FieldErrorCode,
}).annotate({ identifier: 'FieldError' })
export type FieldError = typeof FieldError.Type

/** RFC 9457 problem document, served as application/problem+json. */
export const Problem = Schema.Struct({
  type: Schema.String,
  title: Schema.String,
  status: Schema.Int.check(Schema.isBetween({ minimum: 400, maximum: 599 })),
  detail: Schema.String,
  code: ProblemCode,
  errors: Schema.optionalKey(Schema.Array(FieldError)),
  /** For `unreadable_file`: the stable reason (such as `binary`, `wrong-format`), localized by the app. */
  reason: Schema.optionalKey(Schema.String),
}).annotate({ identifier: 'Problem' })
export type Problem = typeof Problem.Type

/**
 * A command the budget's rules refuse (422): a problem whose `code` is the rule's (schemas/budgetErrors.ts, such as
 * `splits-do-not-sum-to-value`), with the rule's fields (`messageKey`, amounts, ids) as extension members and, in a
 * bulk import, the refused item's `itemIndex`.
 */
export const BudgetRefusal = Schema.Struct({
  type: Schema.String,
  title: Schema.String,
  status: Schema.Literal(422),
  detail: Schema.String,
  code: Schema.String,
  itemIndex: Schema.optionalKey(Schema.Int),
}).annotate({ identifier: 'BudgetRefusal' })

export const problemContentType = 'application/problem+json'

/** The `type` URI of a problem: a URN, so it names the problem without promising a web page. */
export const problemTypeUri = (code: ProblemCode): string => `urn:koperta:problem:${code}`
