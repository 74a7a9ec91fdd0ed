import { expect } from 'vitest'
import type { Message } from '../../../server/identity/mailer.ts'
import { findUserByEmail } from '../../../server/identity/users.ts'
import { type Call, expectStatus, type Harness } from '../ledger/harness.ts'

/** The harness's e-mail for a named test user. */
export const emailOf = (harness: Harness, name: string) => `${name}-${harness.app.database.kind}@example.com`

export const userIdOf = async (harness: Harness, name: string): Promise<string> => {
  await harness.as(name)
  const user = await findUserByEmail(harness.app.identity.db, emailOf(harness, name))
  if (user === undefined) throw new Error(`no user ${name}`)
  return user.id
}

/** Mail the sharing plugin sends, recorded instead. */
export const recordMail = (harness: Harness): Message[] => {
  const sent: Message[] = []
  Object.assign(harness.app.sharing, {
    sendMail: async (message: Message) => {
      sent.push(message)
    },
  })
  return sent
}

/** Sets the clock the sharing routes and live streams read (invitations expire by it; presence ages by it). */
export const setClock = (harness: Harness, at: () => Date) => Object.assign(harness.app.ledger, { clock: at })

export const budgetOf = async (owner: Call, name = 'Wspólny') =>
  expectStatus(await owner('POST', '/api/budget', { name, currency: 'PLN' }), 201).id as string

export const invite = async (
  owner: Call,
  budgetId: string,
  email: string,
  access: 'Edit' | 'Read' = 'Edit',
) =>
  expectStatus(
    await owner('POST', `/api/budget/${budgetId}/invitations`, { email, role: 'Guest', access }),
    201,
  ) as { id: string; token: string; url: string; expiresAt: string }

/** The owner invites `name`, who accepts. */
export const join = async (
  harness: Harness,
  owner: Call,
  budgetId: string,
  name: string,
  access: 'Edit' | 'Read' = 'Edit',
): Promise<Call> => {
  const guest = await harness.as(name)
  const { token } = await invite(owner, budgetId, emailOf(harness, name), access)
  expect(expectStatus(await guest('POST', `/api/invitations/${token}/accept`), 200)).toEqual({ budgetId })
  return guest
}

/** Expects a refusal: its status and problem code. */
export const expectProblem = (answer: { status: number; body: unknown }, status: number, code: string) => {
  expect({ status: answer.status, code: (answer.body as { code?: string } | undefined)?.code }).toEqual({
    status,
    code,
  })
}

/**
 * How long a test waits for what the members-changed signal does to a stream. The streams under test recheck their
 * caller every 60 s: an answer within this bound came from the signal, however slow the machine running the test.
 */
export const signalled = 10_000

/** An open event stream: whether the server has ended it. */
export const openStream = async (url: string, authorization: string) => {
  const controller = new AbortController()
  const response = await fetch(url, { headers: { authorization }, signal: controller.signal })
  expect(response.status).toBe(200)
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader()
  if (reader === undefined) throw new Error('no body')
  let text = ''
  let heard = () => {}
  const ended = (async () => {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return true
      text += value
      heard()
    }
  })().catch(() => false)
  const within = <T>(promise: Promise<T>, ms: number, otherwise: T) =>
    Promise.race([promise, new Promise<T>((resolve) => setTimeout(() => resolve(otherwise), ms))])
  return {
    /** True when the server ended the stream within `ms`. */
    endsWithin: (ms: number) => within(ended, ms, false),
    /** How many times `line` has come so far, once it has come at least `count` times (or `ms` passed). */
    heardWithin: (line: string, count: number, ms: number) => {
      const times = () => text.split('\n').filter((each) => each === line).length
      return within(
        new Promise<number>((resolve) => {
          const listen = () => {
            if (times() >= count) resolve(times())
          }
          heard = listen
          listen()
        }),
        ms,
        -1,
      ).then(() => times())
    },
    /** Everything received so far. */
    received: () => text,
    close: () => controller.abort(),
  }
}
