import { afterEach, describe, expect, it, vi } from 'vitest'
import { createUserStore, type TextSlot } from '../../../src/auth/userStore.ts'
import { createSessionPort } from '../../../src/ports/sessionPort.ts'

const loads = vi.hoisted(() => ({ count: 0, listeners: [] as Array<() => void> }))

// The OpenID Connect client stands in as the one thing the port may load; nothing here speaks to a provider.
vi.mock('../../../src/auth/userManager.ts', () => ({
  loadUserManager: async () => {
    loads.count += 1
    return {
      events: {
        addUserSignedOut: (listener: () => void) => loads.listeners.push(listener),
        removeUserSignedOut: () => undefined,
      },
    }
  },
}))

const emptySlot: TextSlot = { get: () => null, set: () => undefined, remove: () => undefined }

const deferred = () => {
  let resolve = () => {}
  const promise = new Promise<void>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  loads.count = 0
  loads.listeners = []
})

describe('session port: the OpenID Connect client stays off the first screen', () => {
  it('reads a stored user without loading the client', async () => {
    const port = createSessionPort(createUserStore(emptySlot), deferred().promise)
    await expect(port.loadUser()).resolves.toBeNull()
    expect(loads.count).toBe(0)
  })

  it('starts watching the provider session only after the first screen is drawn and the page is idle', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('window', { setTimeout: (run: () => void, ms: number) => setTimeout(run, ms) })
    const firstScreen = deferred()
    const port = createSessionPort(createUserStore(emptySlot), firstScreen.promise)
    const endedAtProvider = vi.fn()
    port.onEndedAtProvider(endedAtProvider)

    await vi.runAllTimersAsync()
    expect(loads.count).toBe(0)

    firstScreen.resolve()
    await vi.runAllTimersAsync()
    expect(loads.count).toBe(1)
    for (const listener of loads.listeners) listener()
    expect(endedAtProvider).toHaveBeenCalledOnce()
  })

  it('never loads the client for a watch that ended before the first screen', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('window', { setTimeout: (run: () => void, ms: number) => setTimeout(run, ms) })
    const firstScreen = deferred()
    const port = createSessionPort(createUserStore(emptySlot), firstScreen.promise)
    const stop = port.onEndedAtProvider(() => undefined)
    stop()
    firstScreen.resolve()
    await vi.runAllTimersAsync()
    expect(loads.count).toBe(0)
  })
})
