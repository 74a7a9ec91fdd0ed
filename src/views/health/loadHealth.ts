import { Health } from '../../../schemas/health.ts'
import type { LoadApi } from '../../api/loadApi.ts'

/** GET /health as JSON. 503 still carries a Health document (database unreachable), so it is an answer. */
export const loadHealth = async (loadApi: LoadApi, signal: AbortSignal): Promise<Health> =>
  (await loadApi()).getJson('/health', Health, { signal, retry: 0, answerStatuses: [503] })
