import type { FastifyInstance } from 'fastify'
import { OpenApiDocument } from '../../schemas/http.ts'
import { defineRoute } from '../http/route.ts'
import { buildOpenApiDocument } from '../openapi/document.ts'
import { appVersion } from '../version.ts'

export const openApiInfo = { title: 'Koperta API', version: appVersion }

// Built on first request, when every plugin has mounted its routes.
const documents = new WeakMap<FastifyInstance, OpenApiDocument>()

const documentOf = (app: FastifyInstance): OpenApiDocument => {
  const cached = documents.get(app)
  if (cached !== undefined) return cached
  const document = buildOpenApiDocument(app.routeCatalog, openApiInfo)
  documents.set(app, document)
  return document
}

export const openApiRoute = defineRoute({
  method: 'GET',
  path: '/api/openapi.json',
  operationId: 'getOpenApiDocument',
  summary: 'This API described as OpenAPI 3.1, generated from its schemas',
  tags: ['operations'],
  responses: {
    200: { description: 'The OpenAPI document.', schema: OpenApiDocument },
  },
  handler: async ({ request, respond }) => respond(200, documentOf(request.server)),
})
