import { Health } from '../../../schemas/health.ts'
import { getJson } from '../../api/client.ts'

/** GET /health as JSON. 503 still carries a Health document (database unreachable), so it is an answer. */
export const loadHealth = (signal: AbortSignal): Promise<Health> =>
  getJson('/health', Health, { signal, retry: 0, answerStatuses: [503] })
