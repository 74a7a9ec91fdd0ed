import { useCallback } from 'react'
import { getToastsRef } from '../../../machines/app/index.ts'
import { toastFromApiError } from '../../../machines/toasts/index.ts'
import { useAppActor } from '../../app/AppActor.tsx'
import { tokenErrorOf } from './tokensApi.ts'

/** Success toasts by i18n key; failures as SPEC §8 API error toasts. */
export const useTokenToasts = () => {
  const app = useAppActor()
  const success = useCallback(
    (messageKey: string) => getToastsRef(app).send({ type: 'toast.show', kind: 'success', messageKey }),
    [app],
  )
  const failure = useCallback(
    async (error: unknown) => {
      const content = toastFromApiError(tokenErrorOf(error))
      getToastsRef(app).send({ type: 'toast.show', ...content })
    },
    [app],
  )
  return { success, failure }
}
