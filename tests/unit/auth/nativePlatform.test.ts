import { describe, expect, it } from 'vitest'
import { isNativeShell } from '../../../src/auth/platform.ts'

describe('native shell detection without @capacitor/core', () => {
  it('asks the bridge the Capacitor shell injects', () => {
    expect(isNativeShell({ Capacitor: { isNativePlatform: () => true } })).toBe(true)
    expect(isNativeShell({ Capacitor: { isNativePlatform: () => false }, androidBridge: {} })).toBe(false)
  })

  it('without the injected helper, reads the signals @capacitor/core reads (Android, iOS, custom platform)', () => {
    expect(isNativeShell({ androidBridge: {} })).toBe(true)
    expect(isNativeShell({ webkit: { messageHandlers: { bridge: {} } } })).toBe(true)
    expect(isNativeShell({ CapacitorCustomPlatform: { name: 'electron' } })).toBe(true)
    expect(isNativeShell({ CapacitorCustomPlatform: null })).toBe(false)
  })

  it('a plain browser (Safari has webkit.messageHandlers, but no bridge) is not native', () => {
    expect(isNativeShell({})).toBe(false)
    expect(isNativeShell({ Capacitor: {}, webkit: { messageHandlers: {} } })).toBe(false)
  })
})
