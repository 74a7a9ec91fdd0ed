import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  type ContentCoding,
  compressionThreshold,
  compressWhole,
  contentCodings,
} from '../plugins/compression.ts'
import { preferredCoding, prefersHtml } from './negotiation.ts'
import { makeProblem, ProblemError } from './problem.ts'
import {
  type AnyRoute,
  decodeRequestPart,
  encodeResponse,
  partsOfSettled,
  respond,
  responseContentType,
  textOfJson,
} from './route.ts'

/** The coding to compress an answer of `size` with for this client, or undefined to send it as it is. */
const codingFor = (request: FastifyRequest, size: number): ContentCoding | undefined =>
  size < compressionThreshold
    ? undefined
    : preferredCoding(request.headers['accept-encoding'], contentCodings)

/** Says the answer is in `coding` (and that it varies with Accept-Encoding): the compression plugin passes it through. */
const sentIn = (reply: FastifyReply, coding: ContentCoding) => {
  const vary = reply.getHeader('vary')
  reply.header('vary', vary === undefined ? 'accept-encoding' : `${String(vary)}, accept-encoding`)
  reply.header('content-encoding', coding)
}

/** A settled answer in the coding the client prefers, compressed on its first request and kept with the answer. */
const sendSettled = (
  request: FastifyRequest,
  reply: FastifyReply,
  { text, compressed }: NonNullable<ReturnType<typeof partsOfSettled>>,
): string | Buffer => {
  const coding = codingFor(request, text.length)
  if (coding === undefined) return text
  let bytes = compressed.get(coding)
  if (bytes === undefined) {
    bytes = compressWhole(text, coding)
    compressed.set(coding, bytes)
  }
  sentIn(reply, coding)
  return bytes
}

/** Pieces up to this size (a power of two) are joined in one buffer kept between answers; bigger ones in their own. */
const scratchLimit = 1_048_576
let scratch = Buffer.allocUnsafeSlow(0)

/** The pieces as UTF-8 bytes, in the kept buffer when they fit: valid only until the next call (used at once). */
const utf8OfPieces = (pieces: readonly string[]): Buffer => {
  let size = 0
  for (const piece of pieces) size += Buffer.byteLength(piece)
  if (size <= scratchLimit && scratch.length < size)
    scratch = Buffer.allocUnsafeSlow(2 ** Math.ceil(Math.log2(size)))
  const bytes = size <= scratchLimit ? scratch : Buffer.allocUnsafeSlow(size)
  let at = 0
  for (const piece of pieces) at += bytes.write(piece, at)
  return bytes.subarray(0, size)
}

/**
 * JSON in pieces (a page of transactions the database wrote): joined and compressed here, at once, in the coding
 * the client prefers. A new buffer of several hundred kilobytes per answer (a 1 000-row page is 365 KB) was memory
 * outside V8's heap that, with the driver's own buffers, set off a full collection every ~20 such reads; only the
 * compressed answer (~40 KB) is new now, or a copy when the client takes no coding.
 */
const sendPieces = (request: FastifyRequest, reply: FastifyReply, pieces: readonly string[]): Buffer => {
  const bytes = utf8OfPieces(pieces)
  const coding = codingFor(request, bytes.length)
  // The kept buffer is written again by the next answer, maybe before the socket has sent this one: a copy.
  if (coding === undefined) return bytes.buffer === scratch.buffer ? Buffer.from(bytes) : bytes
  sentIn(reply, coding)
  return compressWhole(bytes, coding)
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
            // The same address answers the app's page or JSON by Accept: a cache must keep them apart.
            reply.header('vary', 'accept')
            if (prefersHtml(request.headers.accept)) await app.serveAppShell(reply)
          },
        }
      : {}),
    handler: async (request, reply) => {
      // The multipart parser is registered for the whole app: a form sent to a JSON route arrives without a body,
      // which a route whose body is optional would take as `{}`.
      if (
        route.body !== undefined &&
        route.upload === undefined &&
        // Apps built without the multipart plugin (tests of one plugin) have no such check and take no forms.
        typeof request.isMultipart === 'function' &&
        request.isMultipart()
      )
        throw new ProblemError(
          makeProblem(415, 'unsupported_media_type', 'Send the request body as application/json.'),
        )
      const params = decodeRequestPart('params', route.params, request.params)
      const query = decodeRequestPart('query', route.query, request.query)
      const body = decodeRequestPart(
        'body',
        route.body,
        request.body === undefined && route.optionalBody === true ? {} : request.body,
      )
      const result = await route.handler({ params, query, body, request, reply, respond })
      const encoded = encodeResponse(route, result.status, result.body)
      const spec = route.responses[result.status]
      reply.code(result.status)
      if (result.headers !== undefined) reply.headers(result.headers)
      // No content: nothing to type or encode (a DELETE that answers 204).
      if (result.status === 204) return reply.send()
      // A handler may answer another type than the declared one (an export as CSV rather than JSON).
      if (spec !== undefined && result.headers?.['content-type'] === undefined)
        reply.type(responseContentType(spec))
      const settled = partsOfSettled(encoded)
      if (settled !== undefined) return sendSettled(request, reply, settled)
      const text = textOfJson(encoded)
      if (typeof text === 'object') return sendPieces(request, reply, text)
      // A string with a JSON content type goes out unchanged.
      return text ?? encoded
    },
  })
}
