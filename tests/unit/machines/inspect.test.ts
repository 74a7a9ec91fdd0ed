import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { appMachine } from '../../../machines/app/index.ts'
import {
  createInspectorSerializer,
  MASKED,
  maskContext,
  maskEvent,
  maskForInspector,
} from '../../../machines/inspect/index.ts'
import { createFakePlatform } from './fakePlatform.ts'

const SECRETS = [
  '123456',
  'Jan Kowalski',
  'Biedronka',
  'birthday gift',
  'jan@example.pl',
  'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln',
  'rt-opaque-refresh',
  'verifier-abc',
  'Bearer abc.def',
  'PL61109010140000071219812874',
  'auth-code-xyz',
]

/** Every string and number anywhere in the masked output. */
const leaves = (value: unknown): unknown[] =>
  value !== null && typeof value === 'object' ? Object.values(value).flatMap(leaves) : [value]

describe('maskForInspector', () => {
  const budget = {
    id: 'budget-1',
    name: 'Jan Kowalski',
    readyToAssign: 123456,
    currency: 'PLN',
    categories: [{ id: 'c1', assigned: 5000, activity: -1200, available: 3800, targetAmount: 9000 }],
    transactions: new Map([
      ['t1', { id: 't1', payee: 'Biedronka', memo: 'birthday gift', amount: { minor: 123456 } }],
    ]),
    owner: { email: 'jan@example.pl', iban: 'PL61109010140000071219812874' },
  }
  const session = {
    tokens: { access_token: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln', refresh_token: 'rt-opaque-refresh' },
    code_verifier: 'verifier-abc',
    headers: { Authorization: 'Bearer abc.def' },
    code: 'auth-code-xyz',
    note: 'Bearer abc.def',
    clientSecret: 'x',
  }

  it('lets nothing sensitive through, however deep', () => {
    const masked = maskForInspector({ budget, session, list: [[{ deep: { balance: 7 } }]] })
    const found = leaves(masked)
    for (const secret of SECRETS) expect(found).not.toContain(secret)
    expect(found).not.toContain(123456)
    expect(found).not.toContain(7)
    expect(JSON.stringify(masked)).not.toMatch(/123456|Kowalski|Biedronka|eyJ|rt-opaque|verifier-abc/)
  })

  it('keeps ids, codes and shape readable', () => {
    const masked = maskForInspector(budget)
    expect(masked).toMatchObject({
      id: 'budget-1',
      name: MASKED,
      readyToAssign: MASKED,
      currency: 'PLN',
      categories: [{ id: 'c1', assigned: MASKED, activity: MASKED, available: MASKED }],
    })
  })

  it('masks bare tokens found under innocent keys', () => {
    expect(maskForInspector({ header: 'Bearer abc', jwt: SECRETS[5] })).toEqual({
      header: MASKED,
      jwt: MASKED,
    })
  })

  it('survives cycles and leaves the input untouched', () => {
    const cyclic: Record<string, unknown> = { amount: 5 }
    cyclic.self = cyclic
    expect(maskForInspector(cyclic)).toEqual({ amount: MASKED, self: '[circular]' })
    expect(cyclic.amount).toBe(5)
  })

  it('keeps event types and masks payloads', () => {
    expect(maskEvent({ type: 'assign.submit', amount: 500, categoryId: 'c1' })).toEqual({
      type: 'assign.submit',
      amount: MASKED,
      categoryId: 'c1',
    })
  })

  it('masks a real app context without breaking on the platform functions', () => {
    const fake = createFakePlatform()
    const app = createActor(appMachine, { input: { platform: fake.platform } }).start()
    const masked = maskContext(app.getSnapshot().context)
    expect(masked.os).toBe('unknown')
    expect(JSON.stringify(masked)).toContain('[function]')
  })

  it('serializer masks promise outputs and events in inspection events', () => {
    const { serialize } = createInspectorSerializer()
    const inspected = serialize({
      type: '@xstate.snapshot',
      snapshot: {
        status: 'done',
        value: 'idle',
        output: { access_token: SECRETS[5] },
        input: { amount: 5 },
      },
      event: { type: 'xstate.done.actor.token', output: { refresh_token: 'rt-opaque-refresh' } },
    })
    const found = leaves(inspected)
    expect(found).not.toContain(SECRETS[5])
    expect(found).not.toContain('rt-opaque-refresh')
    expect(found).not.toContain(5)
    expect(inspected.snapshot.value).toBe('idle')
    expect(inspected.event.type).toBe('xstate.done.actor.token')
  })
})
