import type { FastifyInstance } from 'fastify'
import { prefersHtml } from './negotiation.ts'
import {
  type AnyRoute,
  decodeRequestPart,
  encodeResponse,
  respond,
  responseContentType,
  textOfJson,
} from './route.ts'

/** Mounts a declared route: decode every request part, run the handler, encode its declared answer. */
export const registerRoute = (app: FastifyInstance, route: AnyRoute): void => {
  app.routeCatalog.push(route)
  app.route({
    method: route.method,
    url: route.path,
    ...(route.bodyLimit === undefined ? {} : { bodyLimit: route.bodyLimit }),
    ...(route.alsoAppPage === true
      ? {
          onRequest: async (request, reply) => {
            if (prefersHtml(request.headers.accept)) await app.serveAppShell(reply)
          },
        }
      : {}),
    handler: async (request, reply) => {
      const params = decodeRequestPart('params', route.params, request.params)
      const query = decodeRequestPart('query', route.query, request.query)
      const body = decodeRequestPart('body', route.body, request.body)
      const result = await route.handler({ params, query, body, request, reply, respond })
      const encoded = encodeResponse(route, result.status, result.body)
      const spec = route.responses[result.status]
      reply.code(result.status)
      if (result.headers !== undefined) reply.headers(result.headers)
      if (spec !== undefined) reply.type(responseContentType(spec))
      // A string with a JSON content type goes out unchanged.
      return textOfJson(encoded) ?? encoded
    },
  })
}
