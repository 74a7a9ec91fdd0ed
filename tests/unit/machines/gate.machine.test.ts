import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import {
  type GatePort,
  selectAppVerdict,
  selectBudgetVerdict,
  selectIsGateSettled,
  subscriptionGateMachine,
} from '../../../machines/subscriptionGate/index.ts'

type Answers = { isDisabled: boolean | Error; isExpired: boolean | Error }

const fakeGatePort = (answers: Answers) => {
  const calls = { profile: 0, subscription: 0 }
  const port: GatePort = {
    async loadProfile() {
      calls.profile += 1
      if (answers.isDisabled instanceof Error) throw answers.isDisabled
      return { isDisabled: answers.isDisabled }
    },
    async loadSubscription() {
      calls.subscription += 1
      if (answers.isExpired instanceof Error) throw answers.isExpired
      return { isExpired: answers.isExpired }
    },
  }
  return { port, calls }
}

const checked = async (answers: Answers) => {
  const fake = fakeGatePort(answers)
  const gate = createActor(subscriptionGateMachine, { input: { port: fake.port } }).start()
  gate.send({ type: 'gate.check' })
  const snapshot = await waitFor(gate, selectIsGateSettled)
  return { gate, snapshot, fake }
}

describe('subscription gate', () => {
  it('asks nothing until a guard checks', () => {
    const fake = fakeGatePort({ isDisabled: false, isExpired: false })
    const gate = createActor(subscriptionGateMachine, { input: { port: fake.port } }).start()
    expect(selectAppVerdict(gate.getSnapshot())).toBe('pending')
    expect(fake.calls).toEqual({ profile: 0, subscription: 0 })
  })

  it('lets an enabled user with a live subscription through, and caches the answers for the session', async () => {
    const { gate, snapshot, fake } = await checked({ isDisabled: false, isExpired: false })
    expect(selectAppVerdict(snapshot)).toBe('pass')
    expect(selectBudgetVerdict(snapshot)).toBe('pass')
    gate.send({ type: 'gate.check' })
    gate.send({ type: 'gate.check' })
    expect(fake.calls).toEqual({ profile: 1, subscription: 1 })
  })

  it('sends a disabled user to sign out, even when the API refuses the subscription (403)', async () => {
    const { snapshot } = await checked({ isDisabled: true, isExpired: new Error('403 user_disabled') })
    expect(selectAppVerdict(snapshot)).toBe('signOut')
    expect(selectBudgetVerdict(snapshot)).toBe('signOut')
  })

  it('sends an expired subscription to subscriptionExpired on budget routes only', async () => {
    const { snapshot } = await checked({ isDisabled: false, isExpired: true })
    expect(selectAppVerdict(snapshot)).toBe('pass')
    expect(selectBudgetVerdict(snapshot)).toBe('subscriptionExpired')
  })

  it('reports a failed load and asks again on the next check', async () => {
    const { gate, snapshot, fake } = await checked({ isDisabled: new Error('offline'), isExpired: false })
    expect(selectAppVerdict(snapshot)).toBe('failed')
    gate.send({ type: 'gate.check' })
    expect(selectAppVerdict(gate.getSnapshot())).toBe('pending')
    await waitFor(gate, selectIsGateSettled)
    expect(fake.calls.profile).toBe(2)
  })

  it('forgets the answers when the user changes', async () => {
    const { gate, fake } = await checked({ isDisabled: false, isExpired: true })
    gate.send({ type: 'gate.reset' })
    expect(selectBudgetVerdict(gate.getSnapshot())).toBe('pending')
    gate.send({ type: 'gate.check' })
    await waitFor(gate, selectIsGateSettled)
    expect(fake.calls.profile).toBe(2)
  })
})
