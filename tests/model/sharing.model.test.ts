import * as Schema from 'effect/Schema'
import { describe, expect, it } from 'vitest'
import { type ActorLogic, createActor, fromCallback, type SnapshotFrom } from 'xstate'
import { TestModel } from 'xstate/graph'
import {
  type InvitationEvent,
  type InvitationInput,
  type InvitationPreview,
  invitationMachine,
  looksLikeEmail,
  type Member,
  type MembersEvent,
  type MembersInput,
  membersMachine,
  type Outcome,
  type SharingPort,
  type SharingWrite,
  selectInvitationStatus,
  WRITE_DONE_MESSAGE_KEYS,
} from '../../machines/sharing/index.ts'
import { BudgetId, InvitationId, UserId } from '../../schemas/ids.ts'
import { InvitationEmail } from '../../schemas/sharing.ts'
import { createTransitionRecorder } from './chartCoverage.ts'
import { modelTour, replayWalk, type Walk } from './graphTour.ts'

// The members screen and the accept page, walked edge by edge against real actors and a scripted port: every
// answer the server can give, including the ones that are no answer at all (a thrown error below the port).

const BUDGET = BudgetId.make('b-1')
const ME = UserId.make('u-me')
const PARTNER = UserId.make('u-partner')
const INVITATION = InvitationId.make('i-1')
const AT = '2026-11-27T04:00:00.000Z'

const member = (userId: UserId, role: Member['role'], access: Member['access']): Member => ({
  userId,
  email: `${userId}@example.com`,
  displayName: null,
  role,
  access,
  since: AT,
  lastActiveAt: null,
})

type ListOutcome = Awaited<ReturnType<SharingPort['list']>>
type WriteOutcome = Awaited<ReturnType<SharingPort['write']>>
type PreviewOutcome = Awaited<ReturnType<SharingPort['preview']>>
type AcceptOutcome = Awaited<ReturnType<SharingPort['accept']>>

const refused = (status: number, code: string | null) =>
  ({ ok: false, code, error: { status, statusText: 'refused' } }) as const

/** A request the harness answers when the walk says so. */
type Call = { readonly kind: string; readonly resolve: (answer: unknown) => void }

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const answer = async (calls: Call[], output: unknown) => {
  const call = calls.splice(0).at(-1)
  if (call === undefined) throw new Error('no request to answer')
  call.resolve(output)
  await settle()
}

// A thrown Error stands for a bug below the port (it never throws for expected failures): the chart survives it.
const scriptedPort = (calls: Call[], writes: SharingWrite[] = []): SharingPort => {
  const ask = <T>(kind: string) =>
    new Promise<T>((resolve, reject) =>
      calls.push({
        kind,
        resolve: (output) => (output instanceof Error ? reject(output) : resolve(output as T)),
      }),
    )
  return {
    list: () => ask<ListOutcome>('list'),
    write: (_budgetId, write) => {
      writes.push(write)
      return ask<WriteOutcome>('write')
    },
    preview: () => ask<PreviewOutcome>('preview'),
    accept: () => ask<AcceptOutcome>('accept'),
  }
}

describe('members and invitations screen model', () => {
  type Snapshot = SnapshotFrom<typeof membersMachine>
  const LOADING = 'xstate.done.actor.0.sharingMembers.loading'
  const WRITING = 'xstate.done.actor.0.sharingMembers.ready.writing'
  const REFRESHING = 'xstate.done.actor.0.sharingMembers.ready.refreshing'
  type ModelEvent =
    | MembersEvent
    | { type: typeof LOADING | typeof REFRESHING; output: ListOutcome }
    | { type: typeof WRITING; output: WriteOutcome }
    | { type: `xstate.error.actor.0.sharingMembers.${'loading' | 'ready.writing' | 'ready.refreshing'}` }

  const OWNED: ListOutcome = {
    ok: true,
    members: [member(ME, 'Owner', 'Edit'), member(PARTNER, 'Guest', 'Edit')],
    invitations: [],
  }
  // After a handover: the caller is a guest and sees no invitations.
  const HANDED: ListOutcome = {
    ok: true,
    members: [member(PARTNER, 'Owner', 'Edit'), member(ME, 'Guest', 'Edit')],
    invitations: null,
  }
  const CREATED: WriteOutcome = {
    ok: true,
    created: { id: INVITATION, email: 'ola@example.com', url: 'http://x/invitation/t', expiresAt: AT },
  }
  const DONE: WriteOutcome = { ok: true, created: null }

  const events: ReadonlyArray<ModelEvent> = [
    { type: 'sharing.retry' },
    { type: 'sharing.refresh' },
    { type: 'sharing.invite', email: 'ola@example.com', access: 'Edit' },
    { type: 'sharing.invite', email: 'not an address', access: 'Read' },
    { type: 'sharing.dismissLink' },
    { type: 'sharing.revoke', invitationId: INVITATION },
    { type: 'sharing.access', userId: PARTNER, access: 'Read' },
    { type: 'sharing.remove', userId: PARTNER },
    { type: 'sharing.handOver', userId: PARTNER },
    { type: 'sharing.leave' },
    { type: 'sharing.confirm' },
    { type: 'sharing.cancel' },
    { type: LOADING, output: OWNED },
    { type: LOADING, output: refused(404, 'not_found') },
    { type: 'xstate.error.actor.0.sharingMembers.loading' },
    { type: WRITING, output: CREATED },
    { type: WRITING, output: DONE },
    { type: WRITING, output: refused(409, 'already_member') },
    { type: 'xstate.error.actor.0.sharingMembers.ready.writing' },
    { type: REFRESHING, output: OWNED },
    { type: REFRESHING, output: HANDED },
    { type: REFRESHING, output: refused(503, null) },
    { type: 'xstate.error.actor.0.sharingMembers.ready.refreshing' },
  ]

  // Coarse on purpose: which state, what is held, whether a link shows, why the last request failed, who owns.
  const serializeState = (snapshot: Snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      pending: snapshot.context.pending?.kind ?? null,
      created: snapshot.context.created !== null,
      failure: snapshot.context.failure?.code ?? null,
      owner: snapshot.context.owner,
    })

  const recorder = createTransitionRecorder()
  type Harness = {
    actor: ReturnType<typeof createActor<typeof membersMachine>>
    calls: Call[]
    writes: SharingWrite[]
    toasts: Array<{ type: string; messageKey?: string }>
    /** How many toasts there were after the previous step. */
    toastsSeen: number
  }
  const start = (): Harness => {
    const calls: Call[] = []
    const writes: SharingWrite[] = []
    const toasts: Array<{ type: string; messageKey?: string }> = []
    const toastsRef = createActor(
      fromCallback(({ receive }) => {
        receive((event) => {
          toasts.push(event)
        })
      }),
    ).start()
    const actor = createActor(membersMachine, {
      input: { port: scriptedPort(calls, writes), budgetId: BUDGET, me: ME, owner: true, toasts: toastsRef },
      inspect: recorder.inspect,
    }).start()
    return { actor, calls, writes, toasts, toastsSeen: 0 }
  }
  const execute = async (event: ModelEvent, harness: Harness) => {
    if (event.type.startsWith('xstate.done.'))
      return answer(harness.calls, 'output' in event ? event.output : null)
    if (event.type.startsWith('xstate.error.')) return answer(harness.calls, new Error('offline'))
    harness.actor.send(event as MembersEvent)
    await settle()
  }

  const replay = (walk: Walk<Snapshot, ModelEvent>) =>
    replayWalk(walk, {
      start,
      execute,
      serializeState,
      afterStep: (snapshot, step, harness, before) => {
        // Revoking, removing, handing over and leaving reach the server only through the confirmation.
        if (snapshot.matches({ ready: 'writing' }) && !before.matches({ ready: 'writing' })) {
          const sent = harness.writes.at(-1)?.kind
          expect(before.matches({ ready: 'confirming' }) || ['invite', 'access'].includes(sent ?? '')).toBe(
            true,
          )
        }
        // A revoked invitation's link is no longer offered (the walk's only invitation is the one just made).
        if (step.event.type === WRITING && before.context.pending?.kind === 'revoke' && step.event.output.ok)
          expect(snapshot.context.created).toBeNull()
        // A write that succeeded says so once, in its own words; a failed one says nothing here.
        if (step.event.type === WRITING) {
          const kind = before.context.pending?.kind
          if ('output' in step.event && step.event.output.ok && kind !== undefined)
            expect(harness.toasts.at(-1)?.messageKey).toBe(WRITE_DONE_MESSAGE_KEYS[kind])
          else expect(harness.toasts).toHaveLength(harness.toastsSeen)
        }
        if (step.event.type === 'xstate.error.actor.0.sharingMembers.ready.writing')
          expect(harness.toasts).toHaveLength(harness.toastsSeen)
        harness.toastsSeen = harness.toasts.length
        // Only leaving ends the screen.
        if (snapshot.matches('left')) expect(harness.writes.at(-1)?.kind).toBe('leave')
      },
    })

  it('replays every edge of the graph against a real actor and a scripted API', async () => {
    const logic = membersMachine as unknown as ActorLogic<Snapshot, ModelEvent, MembersInput>
    const model = new TestModel(logic, {
      input: { port: scriptedPort([]), budgetId: BUDGET, me: ME, owner: true },
      events,
      filterEvents: (snapshot, event) => {
        if (snapshot.status === 'done') return false
        if (event.type === LOADING || event.type === 'xstate.error.actor.0.sharingMembers.loading')
          return snapshot.matches('loading')
        if (event.type === WRITING || event.type === 'xstate.error.actor.0.sharingMembers.ready.writing') {
          if (!snapshot.matches({ ready: 'writing' })) return false
          // Only an invite answers a link.
          return (
            event.type !== WRITING || event.output !== CREATED || snapshot.context.pending?.kind === 'invite'
          )
        }
        if (
          event.type === REFRESHING ||
          event.type === 'xstate.error.actor.0.sharingMembers.ready.refreshing'
        )
          return snapshot.matches({ ready: 'refreshing' })
        return true
      },
      serializeState,
    })
    const { walks, states } = modelTour(model, serializeState)
    for (const walk of walks) await replay(walk)
    expect(states).toBeGreaterThanOrEqual(10)
  }, 120_000)

  it('walked every transition of the chart at least once', () => {
    expect(recorder.missingFrom(membersMachine)).toEqual([])
  })

  it('keeps the link of another invitation when one is revoked', async () => {
    const harness = start()
    await answer(harness.calls, OWNED)
    harness.actor.send({ type: 'sharing.invite', email: 'ola@example.com', access: 'Edit' })
    await settle()
    await answer(harness.calls, CREATED)
    await answer(harness.calls, OWNED)
    harness.actor.send({ type: 'sharing.revoke', invitationId: InvitationId.make('i-other') })
    expect(harness.actor.getSnapshot().matches({ ready: 'confirming' })).toBe(true)
    harness.actor.send({ type: 'sharing.confirm' })
    await settle()
    await answer(harness.calls, DONE)
    expect(harness.actor.getSnapshot().context.created?.id).toBe(INVITATION)
    harness.actor.stop()
  })

  it('asks for pending invitations only while the caller owns the budget', async () => {
    const harness = start()
    expect(harness.calls.map((call) => call.kind)).toEqual(['list'])
    await answer(harness.calls, OWNED)
    harness.actor.send({ type: 'sharing.handOver', userId: PARTNER })
    harness.actor.send({ type: 'sharing.confirm' })
    await settle()
    expect(harness.writes.at(-1)).toEqual({ kind: 'handOver', userId: PARTNER })
    await answer(harness.calls, DONE)
    expect(harness.actor.getSnapshot().context.owner).toBe(false)
    harness.actor.stop()
  })
})

describe('invitation accept page model', () => {
  type Snapshot = SnapshotFrom<typeof invitationMachine>
  const PREVIEWING = 'xstate.done.actor.0.invitation.previewing'
  const ACCEPTING = 'xstate.done.actor.0.invitation.accepting'
  type ModelEvent =
    | InvitationEvent
    | { type: typeof PREVIEWING; output: PreviewOutcome }
    | { type: typeof ACCEPTING; output: AcceptOutcome }
    | { type: `xstate.error.actor.0.invitation.${'previewing' | 'accepting'}` }

  const preview = (alreadyMember: boolean): Outcome<{ readonly preview: InvitationPreview }> => ({
    ok: true,
    preview: {
      budgetId: BUDGET,
      budgetName: 'Dom',
      invitedByName: 'Ola',
      access: 'Edit',
      expiresAt: AT,
      alreadyMember,
    },
  })
  const events: ReadonlyArray<ModelEvent> = [
    { type: 'invitation.accept' },
    { type: 'invitation.retry' },
    { type: PREVIEWING, output: preview(false) },
    { type: PREVIEWING, output: preview(true) },
    { type: PREVIEWING, output: refused(410, 'invitation_used') },
    { type: PREVIEWING, output: refused(404, 'invitation_not_found') },
    { type: PREVIEWING, output: refused(503, null) },
    { type: 'xstate.error.actor.0.invitation.previewing' },
    { type: ACCEPTING, output: { ok: true, budgetId: BUDGET } },
    { type: ACCEPTING, output: refused(410, 'invitation_expired') },
    { type: ACCEPTING, output: refused(409, 'already_member') },
    { type: ACCEPTING, output: refused(500, null) },
    { type: 'xstate.error.actor.0.invitation.accepting' },
  ]
  const serializeState = (snapshot: Snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      refusal: snapshot.context.refusal,
      failed: snapshot.context.failed,
      budget: snapshot.context.budgetId,
    })
  const recorder = createTransitionRecorder()
  type Harness = { actor: ReturnType<typeof createActor<typeof invitationMachine>>; calls: Call[] }
  const start = (): Harness => {
    const calls: Call[] = []
    const actor = createActor(invitationMachine, {
      input: { port: scriptedPort(calls), token: 'secret-token-of-the-link' },
      inspect: recorder.inspect,
    }).start()
    return { actor, calls }
  }

  it('replays every edge of the graph against a real actor and a scripted API', async () => {
    const logic = invitationMachine as unknown as ActorLogic<Snapshot, ModelEvent, InvitationInput>
    const model = new TestModel(logic, {
      input: { port: scriptedPort([]), token: 'secret-token-of-the-link' },
      events,
      filterEvents: (snapshot, event) => {
        if (snapshot.status === 'done') return false
        if (event.type === PREVIEWING || event.type === 'xstate.error.actor.0.invitation.previewing')
          return snapshot.matches('previewing')
        if (event.type === ACCEPTING || event.type === 'xstate.error.actor.0.invitation.accepting')
          return snapshot.matches('accepting')
        return true
      },
      serializeState,
    })
    const { walks, states } = modelTour(model, serializeState)
    for (const walk of walks)
      await replayWalk(walk, {
        start,
        execute: async (event, harness) => {
          if (event.type.startsWith('xstate.done.'))
            return answer(harness.calls, 'output' in event ? event.output : null)
          if (event.type.startsWith('xstate.error.')) return answer(harness.calls, new Error('offline'))
          harness.actor.send(event as InvitationEvent)
          await settle()
        },
        serializeState,
        afterStep: (snapshot) => {
          // A joined page always knows where to go; a refused one always says why.
          const status = selectInvitationStatus(snapshot)
          if (status === 'joined') expect(snapshot.context.budgetId).toBe(BUDGET)
          if (status === 'refused') expect(snapshot.context.refusal).not.toBeNull()
        },
      })
    expect(states).toBeGreaterThanOrEqual(8)
  }, 60_000)

  it('walked every transition of the chart at least once', () => {
    expect(recorder.missingFrom(invitationMachine)).toEqual([])
  })
})

describe('the invite form’s address check', () => {
  const cases = [
    'ola@example.com',
    ' ola@example.com ',
    'o.la+x@sub.example.pl',
    'marek@example',
    'marek@',
    '@example.com',
    'marek@example.',
    'marek@.pl',
    'ma rek@example.pl',
    'a@b@example.pl',
    `${'a'.repeat(250)}@x.pl`,
  ]
  it('answers as the server’s schema does, refusing a domain without a dot', () => {
    const server = (email: string) => Schema.is(InvitationEmail)(email)
    expect(cases.map((email) => [email, looksLikeEmail(email)])).toEqual(
      cases.map((email) => [email, server(email)]),
    )
    expect(looksLikeEmail('marek@example')).toBe(false)
    expect(looksLikeEmail('marek@example.pl')).toBe(true)
  })
})
