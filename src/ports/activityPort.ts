import type { ActivityPort } from '../../machines/activity/index.ts'
import { readActivity, readMemberNames } from '../api/activity.ts'
import { apiErrorOf } from '../api/client.ts'
import type { LoadApi } from '../api/loadApi.ts'

/** GET …/activity and the members' names; a failed page comes back as a value with the problem document. */
export const createActivityPort = (loadApi: LoadApi): ActivityPort => ({
  async readPage(request, signal) {
    try {
      return { ok: true, page: await readActivity(loadApi, request, signal) }
    } catch (error) {
      return { ok: false, error: apiErrorOf(error) }
    }
  },
  readMembers: (budgetId, signal) => readMemberNames(loadApi, budgetId, signal),
})
