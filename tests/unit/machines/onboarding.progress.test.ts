import { describe, expect, it } from 'vitest'
import {
  endStep,
  isAnswered,
  type Progress,
  resumePlace,
  stepBack,
  updateOf,
} from '../../../machines/onboarding/onboarding.progress.ts'
import type { OnboardingEvent } from '../../../schemas/onboarding.ts'

const fresh: Progress = {
  status: 'notStarted',
  currentStep: 'FirstStep',
  completedSteps: [],
  skippedSteps: [],
  survey: null,
  budgetId: null,
}
const active: Progress = { ...fresh, status: 'active' }

describe('onboarding progress', () => {
  it('resumes a fresh progress on the survey, an active one on its step, a finished one finished', () => {
    expect(resumePlace(fresh)).toBe('survey')
    expect(resumePlace({ ...active, currentStep: 'SecondStep' })).toBe('SecondStep')
    expect(resumePlace({ ...active, status: 'completed', currentStep: 'FirstStep' })).toBe('completed')
    expect(resumePlace({ ...active, status: 'dismissed', currentStep: 'ThirdStep' })).toBe('dismissed')
  })

  it('moves to the next step, and completes after the last whether done or skipped', () => {
    const second = endStep(active, 'FirstStep', 'skipped')
    expect(second).toMatchObject({ status: 'active', currentStep: 'SecondStep', skippedSteps: ['FirstStep'] })
    const third = endStep(second, 'SecondStep', 'done')
    expect(third).toMatchObject({ currentStep: 'ThirdStep', completedSteps: ['SecondStep'] })
    expect(endStep(third, 'ThirdStep', 'skipped')).toMatchObject({
      status: 'completed',
      currentStep: 'ThirdStep',
    })
  })

  it('counts a step skipped then done (after going back) as done only', () => {
    const skipped = endStep(active, 'FirstStep', 'skipped')
    const back = stepBack(skipped)
    expect(back.currentStep).toBe('FirstStep')
    const done = endStep(back, 'FirstStep', 'done')
    expect(done.completedSteps).toEqual(['FirstStep'])
    expect(done.skippedSteps).toEqual([])
    expect(stepBack(active).currentStep).toBe('FirstStep')
  })

  it('counts a survey with no answer as skipped', () => {
    expect(isAnswered({})).toBe(false)
    expect(isAnswered({ householdSize: 'two' })).toBe(true)
  })

  it('sends at most 20 events in one save (the server refuses more)', () => {
    const events: OnboardingEvent[] = Array.from({ length: 25 }, () => ({
      name: 'step_skipped',
      step: 'FirstStep',
      occurredAt: '2026-11-26T10:00:00.000Z',
    }))
    expect(updateOf(active, events).events).toHaveLength(20)
  })
})
