import * as Schema from 'effect/Schema'

export const DatabaseKind = Schema.Literals(['pglite', 'postgres']).annotate({ identifier: 'DatabaseKind' })
export type DatabaseKind = typeof DatabaseKind.Type

/** `GET /health`: 200 with status "ok" when the database answers, 503 with "unavailable" when it does not. */
export const Health = Schema.Struct({
  status: Schema.Literals(['ok', 'unavailable']),
  version: Schema.String,
  database: Schema.Struct({
    reachable: Schema.Boolean,
    kind: DatabaseKind,
  }),
  uptimeSeconds: Schema.Number.check(Schema.isGreaterThanOrEqualTo(0)),
}).annotate({ identifier: 'Health' })
export type Health = typeof Health.Type
