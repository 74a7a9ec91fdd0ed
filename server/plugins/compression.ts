import { constants } from 'node:zlib'
import compress from '@fastify/compress'
import fp from 'fastify-plugin'

/**
 * Brotli or gzip for every compressible answer of 1 KB or more: the app's JavaScript, the API's JSON (a budget's
 * state with 100 000 transactions is ~20 MB raw, ~2 MB compressed). Brotli at quality 5 keeps compressing on the
 * fly cheap. The event stream writes to the raw socket (hijacked), so it is never buffered.
 */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    })
  },
  { name: 'koperta-compression' },
)
