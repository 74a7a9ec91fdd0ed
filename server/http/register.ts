import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { compressionThreshold, compressWhole, contentCodings } from '../plugins/compression.ts'
import { preferredCoding, prefersHtml } from './negotiation.ts'
import {
  type AnyRoute,
  decodeRequestPart,
  encodeResponse,
  partsOfSettled,
  respond,
  responseContentType,
  textOfJson,
} from './route.ts'

/**
 * A settled answer in the coding the client prefers, compressed on its first request and kept with the answer;
 * the compression plugin passes an answer that already has a Content-Encoding through.
 */
const sendSettled = (
  request: FastifyRequest,
  reply: FastifyReply,
  { text, compressed }: NonNullable<ReturnType<typeof partsOfSettled>>,
): string | Buffer => {
  const coding = preferredCoding(request.headers['accept-encoding'], contentCodings)
  if (coding === undefined || text.length < compressionThreshold) return text
  let bytes = compressed.get(coding)
  if (bytes === undefined) {
    bytes = compressWhole(text, coding)
    compressed.set(coding, bytes)
  }
  const vary = reply.getHeader('vary')
  reply.header('vary', vary === undefined ? 'accept-encoding' : `${String(vary)}, accept-encoding`)
  reply.header('content-encoding', coding)
  return bytes
}

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
      const settled = partsOfSettled(encoded)
      if (settled !== undefined) return sendSettled(request, reply, settled)
      // A string with a JSON content type goes out unchanged.
      return textOfJson(encoded) ?? encoded
    },
  })
}
