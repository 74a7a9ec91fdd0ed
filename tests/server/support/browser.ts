// What Chromium sends, for tests and benchmarks that ask as the app's browsers do.

/** Chromium's Accept header when navigating. */
export const browserAccept =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8'

/** Chromium's (and Firefox's) Accept-Encoding; Node's own fetch sends only `gzip, deflate`. */
export const browserAcceptEncoding = 'gzip, deflate, br, zstd'
