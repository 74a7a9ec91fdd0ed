/** The signed-in user as the app needs it: no protocol objects leak past the port. */
export type SessionUser = {
  readonly subject: string
  readonly accessToken: string
  readonly idToken: string | null
  /** Seconds since the epoch (the token's `expires_at`); null when the provider gave no lifetime. */
  readonly expiresAt: number | null
  readonly email: string | null
}

/** Where /callback sends the user, and who they turned out to be. */
export type CompletedSignIn = { readonly user: SessionUser; readonly returnTo: string | null }

/**
 * What the session machine needs from the OpenID Connect client (oidc-client-ts in src/auth/).
 * Failures are thrown as the client throws them; `classifyAuthError` turns them into codes.
 */
export type SessionPort = {
  now(): number
  /** The stored user (cookie in a browser, local storage on the native platform), expired or not. */
  loadUser(): Promise<SessionUser | null>
  /** Leaves for the provider; resolves only if the page comes back without a response (back button). */
  startSignIn(returnTo: string): Promise<void>
  /** Completes the authorization code exchange for the response in `url`. */
  completeSignIn(url: string): Promise<CompletedSignIn>
  /** A new access token without leaving the page (refresh token, else the hidden /silentRenew frame). */
  renewSilently(): Promise<SessionUser | null>
  /** Removes the stored user, then leaves for the provider's end-session page. */
  signOut(idTokenHint: string | null): Promise<void>
  removeUser(): Promise<void>
  /** The provider reports the session ended elsewhere (session monitoring); returns an unsubscribe. */
  onEndedAtProvider(listener: () => void): () => void
}
