import type { ApiSession } from '../auth/apiSession.ts'
import type { ApiClient } from './client.ts'

/** The page's one HTTP client, loaded on first use (ky and effect stay off the first screen until then). */
export type LoadApi = () => Promise<ApiClient>

/** Builds the page's LoadApi over the session's port; the client is created once, on the first call. */
export const apiLoader = (session: ApiSession): LoadApi => {
  let client: Promise<ApiClient> | null = null
  return () => {
    if (client === null) {
      const loading = import('./client.ts').then((module) => module.createApiClient(session))
      // A failed load (offline) is retried by the next call instead of being remembered.
      loading.catch(() => {
        if (client === loading) client = null
      })
      client = loading
    }
    return client
  }
}
