import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import compress from '@fastify/compress'
import fp from 'fastify-plugin'

/** The codings the server compresses with, preferred first. */
export const contentCodings = ['br', 'gzip'] as const
export type ContentCoding = (typeof contentCodings)[number]

/** Answers smaller than this go out as they are: compressing them saves less than the header costs. */
export const compressionThreshold = 1024

const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }

/**
 * Brotli or gzip for every compressible answer of 1 KB or more: the app's JavaScript, the API's JSON (a budget's
 * state with 100 000 transactions is ~20 MB raw, ~2 MB compressed). Brotli at quality 5 keeps compressing on the
 * fly cheap. The event stream writes to the raw socket (hijacked), so it is never buffered.
 */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      threshold: compressionThreshold,
      // One call instead of a zlib stream through libuv's pool for answers up to 64 KB (a month view is ~35 KB):
      // on this server's two cores the stream's setup, scheduling and garbage cost more than the compression.
      // The plugin's default for two cores is 8 KB.
      syncThreshold: 65_536,
      encodings: [...contentCodings],
      brotliOptions,
    })
  },
  { name: 'koperta-compression' },
)

/** Compresses a whole answer with the plugin's settings (for answers compressed once and sent many times). */
export const compressWhole = (text: string, coding: ContentCoding): Buffer =>
  coding === 'br' ? brotliCompressSync(text, brotliOptions) : gzipSync(text)
