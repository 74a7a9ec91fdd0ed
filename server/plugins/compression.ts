import { brotliCompressSync, constants, gzipSync, zstdCompressSync } from 'node:zlib'
import compress from '@fastify/compress'
import fp from 'fastify-plugin'

/**
 * The codings the server compresses with, preferred first. Zstandard (Chromium and Firefox, so the app's WebViews,
 * send `zstd`) at its default level compresses the API's JSON about as small as brotli at quality 4 in a third of
 * the time, and decompresses faster: a 1 000-row transaction page (362 KB) becomes 39 KB in 0.36 ms, against
 * brotli's 37 KB in 1.23 ms and gzip's 47 KB in 2.2. Safari and Node's own fetch, which do not send `zstd`, get
 * brotli or gzip.
 */
export const contentCodings = ['zstd', 'br', 'gzip'] as const
export type ContentCoding = (typeof contentCodings)[number]

/** Answers smaller than this go out as they are: compressing them saves less than the header costs. */
export const compressionThreshold = 1024

/**
 * Quality 4 compresses the API's JSON as small as 5 does in half the time, measured on the bench's budget: one
 * account-month (84 KB) 0.36 against 0.73 ms, the 100 000-transaction state (44 MB → 4.9 MB) 218 against 468 ms.
 */
const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }

/**
 * Zstandard, brotli or gzip for every compressible answer of 1 KB or more: the app's JavaScript and the API's JSON.
 * The event stream writes to the raw socket (hijacked), so it is never buffered.
 */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      threshold: compressionThreshold,
      // One call instead of a zlib stream through libuv's pool for answers up to 1 MB (a month view is ~35 KB, an
      // account-month ~90 KB, compressed in under 0.5 ms): on this server's two cores the stream's setup, scheduling
      // and garbage cost more than the compression, and doubled an account-month's p95 (13 against 6.7 ms). The
      // plugin's default for two cores is 8 KB; a whole budget's state still streams.
      syncThreshold: 1_048_576,
      encodings: [...contentCodings],
      brotliOptions,
    })
  },
  { name: 'koperta-compression' },
)

/** Compresses a whole answer with the plugin's settings (for answers compressed once and sent many times). */
export const compressWhole = (text: string | Buffer, coding: ContentCoding): Buffer =>
  coding === 'zstd'
    ? zstdCompressSync(text)
    : coding === 'br'
      ? brotliCompressSync(text, brotliOptions)
      : gzipSync(text)
