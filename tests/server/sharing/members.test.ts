import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { expectStatus, type Harness, startHarness } from '../ledger/harness.ts'
import { createTestApp } from '../support/app.ts'
import { databases } from '../support/databases.ts'
import {
  budgetOf,
  emailOf,
  expectProblem,
  join,
  openStream,
  recordMail,
  setClock,
  signalled,
  userIdOf,
} from './support.ts'

describe.each(databases())('members of a shared budget on $kind', (target) => {
  let harness: Harness
  let baseUrl: string

  beforeAll(async () => {
    harness = await startHarness(target)
    recordMail(harness)
    baseUrl = await harness.app.listen({ port: 0, host: '127.0.0.1' })
  }, 120_000)
  afterAll(async () => harness?.close())
  beforeEach(() => {
    setClock(harness, () => new Date())
    // The periodic check is far off: only the member signal can end a stream in time.
    Object.assign(harness.app.ledger, { live: { recheckEveryMs: 60_000, maxLifetimeMs: 120_000 } })
  })

  const streamOf = async (budgetId: string, name: string) =>
    openStream(`${baseUrl}/api/budget/${budgetId}/events/stream`, await harness.authorization(name))

  it('lists the members in the order they joined, the e-mail standing in for a name not set', async () => {
    const owner = await harness.as('list-owner')
    const budgetId = await budgetOf(owner)
    setClock(harness, () => new Date('2030-03-01T08:00:00.000Z'))
    const guest = await join(harness, owner, budgetId, 'list-guest', 'Read')
    expectStatus(await guest('PUT', '/api/user-profile', { displayName: 'Ola' }), 200)
    const ownerId = await userIdOf(harness, 'list-owner')
    const expected = [
      {
        userId: ownerId,
        email: emailOf(harness, 'list-owner'),
        displayName: emailOf(harness, 'list-owner'),
        role: 'Owner',
        access: 'Edit',
        since: expect.any(String),
        lastActiveAt: null,
        invitedBy: null,
      },
      {
        userId: await userIdOf(harness, 'list-guest'),
        email: emailOf(harness, 'list-guest'),
        displayName: 'Ola',
        role: 'Guest',
        access: 'Read',
        since: '2030-03-01T08:00:00.000Z',
        lastActiveAt: null,
        invitedBy: ownerId,
      },
    ]
    for (const member of [owner, guest])
      for (const resource of ['budget-collaborations', 'users'])
        expect(expectStatus(await member('GET', `/api/budget/${budgetId}/${resource}`), 200)).toEqual(
          expected,
        )
    const stranger = await harness.as('list-stranger')
    expectProblem(await stranger('GET', `/api/budget/${budgetId}/budget-collaborations`), 404, 'not_found')
  })

  it('lets the owner remove a guest, whose open event stream ends at once', async () => {
    const owner = await harness.as('remove-owner')
    const budgetId = await budgetOf(owner)
    const guest = await join(harness, owner, budgetId, 'remove-guest')
    const stream = await streamOf(budgetId, 'remove-guest')
    expect(await stream.endsWithin(300)).toBe(false)
    const before = stream.received()
    const guestId = await userIdOf(harness, 'remove-guest')
    expect((await owner('DELETE', `/api/budget/${budgetId}/budget-collaborations/${guestId}`)).status).toBe(
      204,
    )
    expect(await stream.endsWithin(signalled)).toBe(true)
    // Ended, not told: a removed member hears nothing more of the budget.
    expect(stream.received()).toBe(before)
    expectProblem(await guest('GET', `/api/budget/${budgetId}/categories`), 404, 'not_found')
    expect(
      expectStatus(await owner('GET', `/api/budget/${budgetId}/budget-collaborations`), 200),
    ).toHaveLength(1)
    expectProblem(
      await owner('DELETE', `/api/budget/${budgetId}/budget-collaborations/${guestId}`),
      404,
      'not_found',
    )
  })

  it('lets a guest leave, read-only or not, and ends their stream; the owner cannot leave', async () => {
    const owner = await harness.as('leave-owner')
    const budgetId = await budgetOf(owner)
    const reader = await join(harness, owner, budgetId, 'leave-reader', 'Read')
    const editor = await join(harness, owner, budgetId, 'leave-editor', 'Edit')
    const stream = await streamOf(budgetId, 'leave-reader')
    const readerId = await userIdOf(harness, 'leave-reader')
    const editorId = await userIdOf(harness, 'leave-editor')
    const ownerId = await userIdOf(harness, 'leave-owner')
    const base = `/api/budget/${budgetId}/budget-collaborations`
    // Guests remove no one else.
    expectProblem(await reader('DELETE', `${base}/${editorId}`), 403, 'owner_only')
    expectProblem(await editor('DELETE', `${base}/${readerId}`), 403, 'owner_only')
    expectProblem(await editor('DELETE', `${base}/${ownerId}`), 403, 'owner_only')
    expectProblem(await owner('DELETE', `${base}/${ownerId}`), 409, 'sole_owner')
    expect((await reader('DELETE', `${base}/${readerId}`)).status).toBe(204)
    expect(await stream.endsWithin(signalled)).toBe(true)
    expect((await editor('DELETE', `${base}/${editorId}`)).status).toBe(204)
    expect(expectStatus(await owner('GET', base), 200)).toHaveLength(1)
  })

  it('lets the owner change a guest’s access, never their own', async () => {
    const owner = await harness.as('access-owner')
    const budgetId = await budgetOf(owner)
    const guest = await join(harness, owner, budgetId, 'access-guest', 'Edit')
    const other = await join(harness, owner, budgetId, 'access-other', 'Edit')
    const guestId = await userIdOf(harness, 'access-guest')
    const base = `/api/budget/${budgetId}/budget-collaborations`
    const changed = expectStatus(await owner('PATCH', `${base}/${guestId}`, { access: 'Read' }), 200)
    expect(changed).toMatchObject({ userId: guestId, role: 'Guest', access: 'Read' })
    expect(expectStatus(await guest('GET', '/api/budget'), 200)).toContainEqual(
      expect.objectContaining({ id: budgetId, access: 'Read' }),
    )
    expectProblem(await guest('PATCH', `${base}/${guestId}`, { access: 'Edit' }), 403, 'owner_only')
    expectProblem(await other('PATCH', `${base}/${guestId}`, { access: 'Edit' }), 403, 'owner_only')
    expectProblem(
      await owner('PATCH', `${base}/${await userIdOf(harness, 'access-owner')}`, { access: 'Read' }),
      409,
      'owner_access',
    )
    expectProblem(
      await owner('PATCH', `${base}/${await userIdOf(harness, 'access-stranger')}`, { access: 'Read' }),
      404,
      'not_found',
    )
    expectProblem(await owner('PATCH', `${base}/${guestId}`, { access: 'Admin' }), 400, 'validation_failed')
  })

  it('tells a member’s open stream, live and without an event id, that access or members changed', async () => {
    const owner = await harness.as('live-owner')
    const budgetId = await budgetOf(owner)
    const guest = await join(harness, owner, budgetId, 'live-guest', 'Edit')
    const guestId = await userIdOf(harness, 'live-guest')
    const base = `/api/budget/${budgetId}/budget-collaborations`
    const stream = await streamOf(budgetId, 'live-guest')
    const told = ': members-changed'
    expectStatus(await owner('PATCH', `${base}/${guestId}`, { access: 'Read' }), 200)
    expect(await stream.heardWithin(told, 1, signalled)).toBe(1)
    const ids = () => stream.received().match(/^id:/gmu)?.length ?? 0
    const idsBefore = ids()
    expectStatus(await owner('PATCH', `${base}/${guestId}`, { access: 'Edit' }), 200)
    expect(await stream.heardWithin(told, 2, signalled)).toBe(2)
    expectStatus(await owner('POST', `${base}/${guestId}/ownership`), 200)
    expect(await stream.heardWithin(told, 3, signalled)).toBe(3)
    // Someone joining (invited by the new owner) is a change of members too.
    await join(harness, guest, budgetId, 'live-newcomer', 'Read')
    expect(await stream.heardWithin(told, 4, signalled)).toBe(4)
    // Only comments: no event (id) came with them, so clients counting seqs see nothing new.
    expect(ids()).toBe(idsBefore)
    expect(await stream.endsWithin(100)).toBe(false)
    stream.close()
  })

  it('hands the budget over: the member becomes Owner, the caller an editing Guest', async () => {
    const owner = await harness.as('handover-owner')
    const budgetId = await budgetOf(owner)
    const heir = await join(harness, owner, budgetId, 'handover-heir', 'Read')
    const bystander = await join(harness, owner, budgetId, 'handover-bystander', 'Edit')
    const ownerId = await userIdOf(harness, 'handover-owner')
    const heirId = await userIdOf(harness, 'handover-heir')
    const base = `/api/budget/${budgetId}/budget-collaborations`
    expectProblem(await bystander('POST', `${base}/${heirId}/ownership`), 403, 'owner_only')
    expectProblem(await heir('POST', `${base}/${heirId}/ownership`), 403, 'owner_only')
    expectProblem(
      await owner('POST', `${base}/${await userIdOf(harness, 'handover-stranger')}/ownership`),
      404,
      'not_found',
    )
    const after = expectStatus(await owner('POST', `${base}/${heirId}/ownership`), 200)
    expect(
      after.map((member: { userId: string; role: string; access: string }) => [
        member.userId,
        member.role,
        member.access,
      ]),
    ).toEqual([
      [ownerId, 'Guest', 'Edit'],
      [heirId, 'Owner', 'Edit'],
      [await userIdOf(harness, 'handover-bystander'), 'Guest', 'Edit'],
    ])
    // The new owner manages members; the former one no longer does, and may now leave.
    expectStatus(
      await heir('POST', `/api/budget/${budgetId}/invitations`, {
        email: 'next@example.com',
        role: 'Guest',
        access: 'Edit',
      }),
      201,
    )
    expectProblem(await owner('GET', `/api/budget/${budgetId}/invitations`), 403, 'owner_only')
    expect((await owner('DELETE', `${base}/${ownerId}`)).status).toBe(204)
  })

  it('shows who else has the budget open, until their stream ends or goes quiet', async () => {
    const owner = await harness.as('presence-owner')
    expectStatus(await owner('PUT', '/api/user-profile', { displayName: 'Kasia' }), 200)
    const budgetId = await budgetOf(owner)
    const guest = await join(harness, owner, budgetId, 'presence-guest', 'Read')
    const url = `/api/budget/${budgetId}/presence`
    expect(expectStatus(await guest('GET', url), 200)).toEqual([])
    const first = await streamOf(budgetId, 'presence-owner')
    const second = await streamOf(budgetId, 'presence-owner')
    const ownerId = await userIdOf(harness, 'presence-owner')
    // Two tabs, one person; the caller's own streams are not listed.
    await expect
      .poll(async () => expectStatus(await guest('GET', url), 200))
      .toEqual([{ userId: ownerId, displayName: 'Kasia' }])
    expect(expectStatus(await owner('GET', url), 200)).toEqual([])
    const members = expectStatus(await guest('GET', `/api/budget/${budgetId}/budget-collaborations`), 200)
    expect(members[0].lastActiveAt).not.toBeNull()
    first.close()
    second.close()
    await expect.poll(async () => expectStatus(await guest('GET', url), 200)).toEqual([])
    // A stream whose server vanished leaves its row: it stops counting 45 s after it was last seen.
    const third = await streamOf(budgetId, 'presence-owner')
    await expect.poll(async () => expectStatus(await guest('GET', url), 200)).toHaveLength(1)
    const now = Date.now()
    setClock(harness, () => new Date(now + 44_000))
    expect(expectStatus(await guest('GET', url), 200)).toHaveLength(1)
    setClock(harness, () => new Date(now + 46_000))
    expect(expectStatus(await guest('GET', url), 200)).toEqual([])
    third.close()
    // A stream checking in refreshes its row (and comes back after its row was cleared as stale).
    Object.assign(harness.app.ledger, { live: { recheckEveryMs: 50, maxLifetimeMs: 120_000 } })
    setClock(harness, () => new Date())
    const fourth = await streamOf(budgetId, 'presence-owner')
    setClock(harness, () => new Date(now + 100_000))
    await expect.poll(async () => expectStatus(await guest('GET', url), 200)).toHaveLength(1)
    fourth.close()
    const stranger = await harness.as('presence-stranger')
    expectProblem(await stranger('GET', url), 404, 'not_found')
  })

  it('sets and clears the display name', async () => {
    const user = await harness.as('named')
    expect(expectStatus(await user('GET', '/api/user-profile'), 200).displayName).toBeNull()
    expect(
      expectStatus(await user('PUT', '/api/user-profile', { displayName: ' Ola ' }), 200).displayName,
    ).toBe('Ola')
    expect(expectStatus(await user('GET', '/api/user-profile'), 200).displayName).toBe('Ola')
    expect(
      expectStatus(await user('PUT', '/api/user-profile', { displayName: '   ' }), 200).displayName,
    ).toBeNull()
    expectStatus(await user('PUT', '/api/user-profile', { displayName: 'Ola' }), 200)
    expect(
      expectStatus(await user('PUT', '/api/user-profile', { displayName: null }), 200).displayName,
    ).toBeNull()
    expectProblem(
      await user('PUT', '/api/user-profile', { displayName: 'x'.repeat(61) }),
      400,
      'validation_failed',
    )
    expectProblem(await user('PUT', '/api/user-profile', { displayName: 'a\nb' }), 400, 'validation_failed')
  })

  it.runIf(target.kind === 'postgres')(
    'ends a removed member’s stream held by another instance',
    async () => {
      const owner = await harness.as('fanout-owner')
      const budgetId = await budgetOf(owner)
      await join(harness, owner, budgetId, 'fanout-guest')
      const stream = await streamOf(budgetId, 'fanout-guest')
      const guestId = await userIdOf(harness, 'fanout-guest')
      // The removal is written through a second server on the same database: LISTEN/NOTIFY carries the signal.
      const second = createTestApp(harness.database)
      try {
        await second.ready()
        const removed = await second.inject({
          method: 'DELETE',
          url: `/api/budget/${budgetId}/budget-collaborations/${guestId}`,
          headers: { authorization: await harness.authorization('fanout-owner') },
        })
        expect(removed.statusCode).toBe(204)
        expect(await stream.endsWithin(signalled)).toBe(true)
      } finally {
        await second.close()
      }
    },
  )
})
