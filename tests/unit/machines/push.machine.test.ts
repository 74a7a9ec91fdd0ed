import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import {
  type EnableOutcome,
  type PushPort,
  type PushStatus,
  pushMachine,
  selectCanEnablePush,
  selectPushProblem,
  selectPushView,
} from '../../../machines/pushSubscription/index.ts'

const portOf = (status: PushStatus, outcomes: EnableOutcome[] = []): PushPort => ({
  status: async () => status,
  enable: async () => outcomes.shift() ?? { outcome: 'failed', error: {} },
})

const started = async (port: PushPort) => {
  const actor = createActor(pushMachine, { input: { port } }).start()
  await waitFor(actor, (snapshot) => !snapshot.matches('checking'))
  return actor
}

describe('push subscription', () => {
  it.each(['unsupported', 'denied', 'subscribed', 'available'] as const)(
    'starts %s as the browser says',
    async (status) => {
      const actor = await started(portOf(status))
      expect(selectPushView(actor.getSnapshot())).toBe(status)
      expect(selectCanEnablePush(actor.getSnapshot())).toBe(status === 'available' || status === 'subscribed')
    },
  )

  it('subscribes when the person allows it', async () => {
    const actor = await started(portOf('available', [{ outcome: 'subscribed' }]))
    actor.send({ type: 'push.enable' })
    await waitFor(actor, (snapshot) => snapshot.matches('subscribed'))
    expect(selectPushProblem(actor.getSnapshot())).toBeNull()
  })

  it('says why when the prompt was closed or a step failed, and lets the person try again', async () => {
    const actor = await started(
      portOf('available', [
        { outcome: 'dismissed' },
        { outcome: 'failed', error: { status: 503 } },
        { outcome: 'denied' },
      ]),
    )
    actor.send({ type: 'push.enable' })
    await waitFor(actor, (snapshot) => snapshot.matches('available') && snapshot.context.problem !== null)
    expect(selectPushProblem(actor.getSnapshot())).toBe('dismissed')
    actor.send({ type: 'push.enable' })
    await waitFor(actor, (snapshot) => snapshot.context.problem === 'failed')
    actor.send({ type: 'push.enable' })
    await waitFor(actor, (snapshot) => snapshot.matches('denied'))
    expect(selectCanEnablePush(actor.getSnapshot())).toBe(false)
  })
})
