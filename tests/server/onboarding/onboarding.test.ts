import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Call, expectStatus, type Harness, startHarness } from '../ledger/harness.ts'
import { databases } from '../support/databases.ts'

const at = '2026-11-26T10:00:00.000Z'

const saved = {
  status: 'active',
  currentStep: 'SecondStep',
  completedSteps: ['FirstStep'],
  skippedSteps: [],
  survey: { reason: 'saving', householdSize: 'two' },
  budgetId: '018f6b2e-0000-7000-8000-000000000001',
  events: [
    { name: 'started', step: null, occurredAt: at },
    { name: 'survey_completed', step: null, occurredAt: at },
    { name: 'step_completed', step: 'FirstStep', occurredAt: at },
  ],
}

describe.each(databases())('the onboarding progress on $kind', (target) => {
  let harness: Harness
  let alice: Call
  let bob: Call

  beforeAll(async () => {
    harness = await startHarness(target)
    alice = await harness.as('alice')
    bob = await harness.as('bob')
  }, 120_000)
  afterAll(async () => harness?.close())

  it('is fresh before the first save', async () => {
    const answer = expectStatus(await alice('GET', '/api/onboarding'), 200)
    expect(answer).toEqual({
      progress: {
        status: 'notStarted',
        currentStep: 'FirstStep',
        completedSteps: [],
        skippedSteps: [],
        survey: null,
        budgetId: null,
        updatedAt: null,
      },
      events: [],
    })
  })

  it('stores the progress and appends the events, so another device resumes it', async () => {
    const answer = expectStatus(await alice('PUT', '/api/onboarding', saved), 200)
    const { events, ...progress } = saved
    expect(answer.progress).toMatchObject(progress)
    expect(answer.progress.updatedAt).toEqual(expect.any(String))
    expect(answer.events.map((event: { name: string }) => event.name)).toEqual([
      'started',
      'survey_completed',
      'step_completed',
    ])
    const next = {
      ...saved,
      status: 'completed',
      currentStep: 'ThirdStep',
      completedSteps: ['FirstStep', 'ThirdStep'],
      skippedSteps: ['SecondStep'],
      events: [
        { name: 'step_skipped', step: 'SecondStep', occurredAt: at },
        { name: 'completed', step: null, occurredAt: at },
      ],
    }
    expectStatus(await alice('PUT', '/api/onboarding', next), 200)
    const read = expectStatus(await alice('GET', '/api/onboarding'), 200)
    expect(read.progress.status).toBe('completed')
    expect(read.progress.skippedSteps).toEqual(['SecondStep'])
    expect(read.events.map((event: { name: string }) => event.name)).toEqual([
      'started',
      'survey_completed',
      'step_completed',
      'step_skipped',
      'completed',
    ])
  })

  it('is not seen nor changed by another user', async () => {
    const before = expectStatus(await alice('GET', '/api/onboarding'), 200)
    const bobs = expectStatus(await bob('GET', '/api/onboarding'), 200)
    expect(bobs.progress.status).toBe('notStarted')
    expect(bobs.events).toEqual([])
    expectStatus(await bob('PUT', '/api/onboarding', { ...saved, status: 'dismissed', events: [] }), 200)
    expect(expectStatus(await alice('GET', '/api/onboarding'), 200)).toEqual(before)
    expect(expectStatus(await bob('GET', '/api/onboarding'), 200).progress.status).toBe('dismissed')
  })

  it('refuses an invalid progress with a problem naming the fields', async () => {
    const answer = await alice('PUT', '/api/onboarding', {
      ...saved,
      currentStep: 'FourthStep',
      completedSteps: ['FirstStep', 'FirstStep'],
      survey: { householdSize: 'many' },
    })
    expect(answer.status).toBe(400)
    expect(answer.headers['content-type']).toContain('application/problem+json')
    expect(answer.body.code).toBe('validation_failed')
    const paths = answer.body.errors.map((error: { path: string }) => error.path)
    expect(paths).toEqual(
      expect.arrayContaining(['/body/currentStep', '/body/completedSteps', '/body/survey']),
    )
  })

  it('refuses a caller without a session', async () => {
    const answer = await harness.app.inject({ method: 'GET', url: '/api/onboarding' })
    expect(answer.statusCode).toBe(401)
  })
})
