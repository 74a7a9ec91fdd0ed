/** What the URL-open flow needs from the native shell (Capacitor's `appUrlOpen`) and the router. */
export type NativeLinksPort = {
  /** Calls `listener` with each URL the app is opened by; returns an unsubscribe. */
  onUrlOpen(listener: (url: string) => void): () => void
  /** Navigates inside the app to a path with its query. */
  navigate(pathAndQuery: string): void
}

/** SPEC §2: only the path and the query of the opening URL are used ('koperta://host/budget/1?x=1' → '/budget/1?x=1'). */
export const toPathAndQuery = (url: string): string | null => {
  try {
    const parsed = new URL(url)
    const path = parsed.pathname === '' ? '/' : parsed.pathname
    return `${path.startsWith('/') ? path : `/${path}`}${parsed.search}`
  } catch {
    return null
  }
}
