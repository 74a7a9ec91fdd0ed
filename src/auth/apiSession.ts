/**
 * What the one HTTP client needs of the session (the token and what a 401 does). The session actor is the state
 * holder; createAuth builds this port over it, and the client reads it per request. Kept dependency-free so
 * importing it costs the entry chunk nothing.
 */
export type ApiSession = {
  /** The current bearer token, or null when nobody is signed in. */
  accessToken(): string | null
  /** SPEC §4, §8: any 401 starts a fresh sign-in and comes back to where the user was. */
  onUnauthorized(): void
}

/** For requests made before or outside a session (the sign-in configuration, tests). */
export const anonymousSession: ApiSession = { accessToken: () => null, onUnauthorized: () => undefined }
