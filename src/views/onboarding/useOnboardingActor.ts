import { useActorRef } from '@xstate/react'
import { useMemo } from 'react'
import type { ActorRefFrom } from 'xstate'
import { getAnalyticsRef } from '../../../machines/app/index.ts'
import { onboardingMachine } from '../../../machines/onboarding/index.ts'
import { useLoadApi } from '../../api/ApiContext.tsx'
import { useAppActor } from '../../app/AppActor.tsx'
import { createOnboardingPort } from '../../ports/onboardingPort.ts'

export type OnboardingRef = ActorRefFrom<typeof onboardingMachine>

/** The caller's onboarding for one screen: read on mount, every change saved to the server. */
export const useOnboardingActor = (): OnboardingRef => {
  const app = useAppActor()
  const loadApi = useLoadApi()
  const port = useMemo(() => createOnboardingPort(loadApi), [loadApi])
  return useActorRef(onboardingMachine, {
    input: { port, now: () => Date.now(), analytics: getAnalyticsRef(app) },
  })
}
