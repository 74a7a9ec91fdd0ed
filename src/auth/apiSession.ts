/**
 * The bridge between the one HTTP client (loaded on demand, with effect) and the session actor (created at start):
 * main.tsx connects it once, the client reads it per request. A port, not a state holder: the token lives in the
 * session actor. Kept dependency-free so importing it costs the entry chunk nothing.
 */
export type ApiSession = {
  /** The current bearer token, or null when nobody is signed in. */
  accessToken(): string | null
  /** SPEC §4, §8: any 401 starts a fresh sign-in and comes back to where the user was. */
  onUnauthorized(): void
}

const anonymous: ApiSession = { accessToken: () => null, onUnauthorized: () => undefined }
let current: ApiSession = anonymous

export const connectApiSession = (session: ApiSession): (() => void) => {
  current = session
  return () => {
    if (current === session) current = anonymous
  }
}

export const apiSession = (): ApiSession => current
