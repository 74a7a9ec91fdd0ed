import * as Schema from 'effect/Schema'

/** `GET /api/openapi.json`: an OpenAPI 3.1 document, generated from these schemas at start. */
export const OpenApiDocument = Schema.Record(Schema.String, Schema.Unknown).annotate({
  identifier: 'OpenApiDocument',
  description: 'OpenAPI 3.1 document',
})
export type OpenApiDocument = typeof OpenApiDocument.Type
