import { useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { selectOnboardingLoadState, selectOnboardingPlace } from '../../../machines/onboarding/index.ts'
import { paths } from '../../router/paths.ts'
import { useOnboardingActor } from './useOnboardingActor.ts'

/**
 * The first sign-in: a person with no budget whose onboarding is neither completed nor dismissed is taken into it.
 * `deciding` while that is not known yet (the screen waits rather than flashing the empty list).
 */
export const useOnboardingEntry = (noBudgets: boolean): 'deciding' | 'stay' => {
  const navigate = useNavigate()
  const onboarding = useOnboardingActor()
  const loadState = useSelector(onboarding, selectOnboardingLoadState)
  const place = useSelector(onboarding, selectOnboardingPlace)
  const enters = noBudgets && place !== null && place !== 'completed' && place !== 'dismissed'
  useEffect(() => {
    if (enters && place !== null) void navigate({ href: paths.onboarding(place), replace: true })
  }, [enters, navigate, place])
  return noBudgets && (loadState === 'loading' || enters) ? 'deciding' : 'stay'
}
