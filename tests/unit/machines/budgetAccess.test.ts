import { describe, expect, it } from 'vitest'
import {
  type KnownAccess,
  PRESENCE_SYSTEM_ID,
  permissionsOf,
  selectPermissions,
} from '../../../machines/openBudget/index.ts'
import { selectToasts } from '../../../machines/toasts/index.ts'
import { type ApiErrorLike, toastFromApiError } from '../../../machines/toasts/toasts.errors.ts'
import { createFakeLedger, flush, ids, NOVEMBER, pln, startBudget } from './budget.fakes.ts'

const READ_ONLY_ANSWER = {
  status: 403,
  statusText: 'Forbidden',
  data: { type: 'about:blank', title: 'Forbidden', status: 403, code: 'read_only' },
}

/** A budget opened and read, on a fresh fake ledger. */
const openBudget = async () => {
  const ledger = createFakeLedger()
  const { budget, toasts } = startBudget(ledger)
  await flush()
  return { ledger, budget, toasts }
}

/** One write (an assignment) that the ledger answers with `failure`, settled. */
const writeRefused = async (
  { ledger, budget }: Awaited<ReturnType<typeof openBudget>>,
  failure?: ApiErrorLike,
) => {
  ledger.control.failNext = true
  if (failure !== undefined) ledger.control.failure = failure
  budget.send({
    type: 'budget.command',
    commands: [{ _tag: 'SetAssigned', periodKey: NOVEMBER, categoryId: ids.groceries, value: pln(100) }],
  })
  await flush()
  await flush()
}

describe('permissionsOf: what each access allows', () => {
  const rows: ReadonlyArray<[KnownAccess, { canEdit: boolean; isOwner: boolean; reason: string | null }]> = [
    ['unknown', { canEdit: true, isOwner: true, reason: null }],
    [
      { role: 'Owner', access: 'Edit' },
      { canEdit: true, isOwner: true, reason: null },
    ],
    // An Owner always edits, whatever a stale row says.
    [
      { role: 'Owner', access: 'Read' },
      { canEdit: true, isOwner: true, reason: null },
    ],
    [
      { role: 'Guest', access: 'Edit' },
      { canEdit: true, isOwner: false, reason: null },
    ],
    [
      { role: 'Guest', access: 'Read' },
      { canEdit: false, isOwner: false, reason: 'readAccess' },
    ],
    ['removed', { canEdit: false, isOwner: false, reason: 'notMember' }],
  ]
  for (const [access, expected] of rows)
    it(`${JSON.stringify(access)} → ${JSON.stringify(expected)}`, () => {
      const permissions = permissionsOf(access)
      expect({
        canEdit: permissions.canEdit,
        isOwner: permissions.isOwner,
        reason: permissions.readOnlyReason,
      }).toEqual(expected)
      expect(permissions.known).toBe(access !== 'unknown')
    })

  it('hands views the same object for the same answer (no re-render without a change)', () => {
    expect(permissionsOf({ role: 'Guest', access: 'Read' })).toBe(
      permissionsOf({ role: 'Guest', access: 'Read' }),
    )
  })
})

describe('open budget: the caller’s access', () => {
  it('reads the access when the budget opens', async () => {
    const ledger = createFakeLedger()
    ledger.control.access = { role: 'Guest', access: 'Read' }
    const { budget } = startBudget(ledger)
    await flush()
    expect(selectPermissions(budget.getSnapshot())).toMatchObject({ known: true, canEdit: false })
    budget.stop()
  })

  it('a 403 read_only answer toasts why and reads the access again, so the screens turn read-only', async () => {
    const opened = await openBudget()
    const { ledger, budget, toasts } = opened
    expect(selectPermissions(budget.getSnapshot()).canEdit).toBe(true)
    expect(ledger.accessReads).toBe(1)
    // The owner turned the access to Read meanwhile; the next write is refused.
    ledger.control.access = { role: 'Guest', access: 'Read' }
    await writeRefused(opened, READ_ONLY_ANSWER)
    expect(ledger.accessReads).toBe(2)
    expect(selectPermissions(budget.getSnapshot())).toMatchObject({
      canEdit: false,
      readOnlyReason: 'readAccess',
    })
    expect(selectToasts(toasts.getSnapshot()).map((toast) => toast.messageKey)).toContain(
      'access.refused.readOnly',
    )
    budget.stop()
  })

  it('another failure does not read the access again', async () => {
    const opened = await openBudget()
    const { ledger, budget } = opened
    await writeRefused(opened)
    expect(ledger.accessReads).toBe(1)
    budget.stop()
  })

  it('a reconnected stream reads the access again (the owner may have changed it) and no longer a member shows so', async () => {
    const { ledger, budget } = await openBudget()
    ledger.control.access = null
    ledger.reconnect()
    await flush()
    expect(ledger.accessReads).toBe(2)
    expect(selectPermissions(budget.getSnapshot())).toMatchObject({
      canEdit: false,
      readOnlyReason: 'notMember',
    })
    budget.stop()
  })

  it('the server saying the members changed reads the access again: an open page turns read-only at once', async () => {
    const { ledger, budget } = await openBudget()
    expect(selectPermissions(budget.getSnapshot()).canEdit).toBe(true)
    ledger.control.access = { role: 'Guest', access: 'Read' }
    ledger.membersChanged()
    await flush()
    expect(ledger.accessReads).toBe(2)
    expect(selectPermissions(budget.getSnapshot())).toMatchObject({
      canEdit: false,
      readOnlyReason: 'readAccess',
    })
    budget.stop()
  })

  it('a stream answered 404 re-reads the budget; a 404 there reads the access, and a budget gone shows so', async () => {
    const { ledger, budget } = await openBudget()
    expect(ledger.accessReads).toBe(1)
    // The owner removed the caller: the server ends the stream, which then meets 404, and so does every read.
    ledger.control.access = null
    ledger.control.loadMissing = true
    ledger.streamGone()
    await flush()
    await flush()
    expect(ledger.accessReads).toBe(2)
    expect(budget.getSnapshot().matches('loadFailed')).toBe(true)
    expect(selectPermissions(budget.getSnapshot())).toMatchObject({
      known: true,
      readOnlyReason: 'notMember',
    })
    budget.stop()
  })

  it('a stream answered 404 while the budget is still there comes back after the re-read', async () => {
    const { ledger, budget } = await openBudget()
    ledger.streamGone()
    expect(ledger.subscriberCount).toBe(0)
    await flush()
    await flush()
    expect(budget.getSnapshot().matches('ready')).toBe(true)
    expect(ledger.subscriberCount).toBe(1)
    expect(ledger.accessReads).toBe(1)
    expect(selectPermissions(budget.getSnapshot()).canEdit).toBe(true)
    budget.stop()
  })

  it('a write answered 404 reads the access again', async () => {
    const opened = await openBudget()
    const { ledger, budget } = opened
    ledger.control.access = null
    await writeRefused(opened, { status: 404, statusText: 'Not Found', data: { code: 'budget_not_found' } })
    expect(ledger.accessReads).toBe(2)
    expect(selectPermissions(budget.getSnapshot()).readOnlyReason).toBe('notMember')
    budget.stop()
  })

  it('a first read answered 404 reads the access again; another failure does not', async () => {
    const missing = createFakeLedger()
    missing.control.loadMissing = true
    missing.control.access = null
    const gone = startBudget(missing).budget
    await flush()
    await flush()
    expect(missing.accessReads).toBe(2)
    expect(selectPermissions(gone.getSnapshot()).readOnlyReason).toBe('notMember')
    gone.stop()
    const down = createFakeLedger()
    down.control.loadFails = true
    const failed = startBudget(down).budget
    await flush()
    await flush()
    expect(failed.getSnapshot().matches('loadFailed')).toBe(true)
    expect(down.accessReads).toBe(1)
    failed.stop()
  })

  it('hosts the presence reader in the actor system while the budget is open', async () => {
    const { budget } = await openBudget()
    expect(budget.system.get(PRESENCE_SYSTEM_ID)).toBeDefined()
    budget.stop()
  })
})

describe('toastFromApiError: access refusals in the person’s language', () => {
  it('read_only and owner_only get their own texts; others keep SPEC §8', () => {
    expect(toastFromApiError(READ_ONLY_ANSWER)).toEqual({
      kind: 'error',
      messageKey: 'access.refused.readOnly',
    })
    expect(
      toastFromApiError({ ...READ_ONLY_ANSWER, data: { ...READ_ONLY_ANSWER.data, code: 'owner_only' } }),
    ).toEqual({ kind: 'error', messageKey: 'access.refused.ownerOnly' })
    expect(toastFromApiError({ status: 403, statusText: 'Forbidden', data: { code: 'forbidden' } })).toEqual({
      kind: 'error',
      message: '403 Forbidden',
    })
  })
})
