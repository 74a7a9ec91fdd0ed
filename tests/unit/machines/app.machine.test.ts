import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ActorRefFrom } from 'xstate'
import { createActor } from 'xstate'
import type { analyticsMachine } from '../../../machines/analytics/analytics.machine.ts'
import { selectQueuedAnalytics } from '../../../machines/analytics/index.ts'
import {
  APP_SYSTEM_ID,
  appMachine,
  createAppActor,
  detectMobileOs,
  getAnalyticsRef,
  getToastsRef,
  isMobileViewport,
  LOCALE_STORAGE_KEY,
  MOBILE_BREAKPOINT,
  selectDevice,
  selectHelpLauncherVisible,
  selectHelpOpen,
  selectIsMobile,
  selectIsReloading,
  selectLocale,
  selectOs,
  selectTheme,
  selectViewportWidth,
  THEME_STORAGE_KEY,
} from '../../../machines/app/index.ts'
import { selectToasts } from '../../../machines/toasts/index.ts'
import type { toastsMachine } from '../../../machines/toasts/toasts.machine.ts'
import { createFakePlatform, type FakePlatformOptions } from './fakePlatform.ts'

const start = (options: FakePlatformOptions = {}) => {
  const fake = createFakePlatform(options)
  const app = createActor(appMachine, { input: { platform: fake.platform }, systemId: 'app' })
  app.start()
  const toasts = (): ActorRefFrom<typeof toastsMachine> => app.system.get('toasts')
  const analytics = (): ActorRefFrom<typeof analyticsMachine> => app.system.get('analytics')
  return { fake, app, toasts, analytics }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('viewport helpers', () => {
  it('treats 992 px and less as mobile', () => {
    expect(MOBILE_BREAKPOINT).toBe(992)
    expect(isMobileViewport(992)).toBe(true)
    expect(isMobileViewport(320)).toBe(true)
    expect(isMobileViewport(993)).toBe(false)
  })

  it('detects the mobile OS, Windows Phone before Android', () => {
    expect(
      detectMobileOs(
        'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36',
      ),
    ).toBe('WindowsPhone')
    expect(detectMobileOs('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36')).toBe('Android')
    expect(
      detectMobileOs('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15'),
    ).toBe('iOS')
    expect(detectMobileOs('Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)')).toBe('iOS')
    expect(detectMobileOs('Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0')).toBe('unknown')
  })
})

describe('app machine: device', () => {
  it('starts on the layout the start width calls for', () => {
    expect(selectDevice(start({ width: 1280 }).app.getSnapshot())).toBe('desktop')
    expect(selectDevice(start({ width: 992 }).app.getSnapshot())).toBe('mobile')
    expect(selectDevice(start({ width: 993 }).app.getSnapshot())).toBe('desktop')
  })

  it('reads the OS from the user agent once', () => {
    const { app } = start({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8)' })
    expect(selectOs(app.getSnapshot())).toBe('Android')
  })

  it('coalesces a burst of resizes and settles 33 ms after the last one', () => {
    const { app, fake } = start({ width: 1280 })
    fake.resize(500)
    vi.advanceTimersByTime(20)
    fake.resize(1100)
    vi.advanceTimersByTime(20)
    fake.resize(700)
    vi.advanceTimersByTime(32)
    expect(selectIsMobile(app.getSnapshot())).toBe(false)
    expect(selectViewportWidth(app.getSnapshot())).toBe(1280)
    vi.advanceTimersByTime(1)
    expect(selectIsMobile(app.getSnapshot())).toBe(true)
    expect(selectViewportWidth(app.getSnapshot())).toBe(700)
  })

  it('ignores intermediate widths: a burst that ends wide stays desktop', () => {
    const { app, fake } = start({ width: 1280 })
    const seen: boolean[] = []
    app.subscribe((snapshot) => seen.push(selectIsMobile(snapshot)))
    fake.resize(400)
    vi.advanceTimersByTime(10)
    fake.resize(1300)
    vi.advanceTimersByTime(100)
    expect(seen).not.toContain(true)
    expect(selectViewportWidth(app.getSnapshot())).toBe(1300)
  })

  it('goes back to desktop when a mobile viewport widens', () => {
    const { app, fake } = start({ width: 375 })
    fake.resize(1440)
    vi.advanceTimersByTime(33)
    expect(selectDevice(app.getSnapshot())).toBe('desktop')
  })

  it('unsubscribes from the platform when stopped', () => {
    const { app, fake } = start()
    expect(fake.listenerCounts()).toEqual({ resize: 1, dark: 1, update: 1 })
    app.stop()
    expect(fake.listenerCounts()).toEqual({ resize: 0, dark: 0, update: 0 })
  })
})

describe('app machine: theme', () => {
  it('follows the system preference while nothing is stored', () => {
    const { app, fake } = start({ prefersDark: true })
    expect(selectTheme(app.getSnapshot())).toBe('dark')
    fake.setSystemDark(false)
    expect(selectTheme(app.getSnapshot())).toBe('light')
    expect(fake.calls.appliedThemes).toEqual(['dark', 'light'])
    expect(fake.stored.has(THEME_STORAGE_KEY)).toBe(false)
  })

  it('prefers the stored theme over the system and then ignores system changes', () => {
    const { app, fake } = start({ prefersDark: false, stored: { [THEME_STORAGE_KEY]: 'dark' } })
    expect(selectTheme(app.getSnapshot())).toBe('dark')
    fake.setSystemDark(false)
    fake.setSystemDark(true)
    fake.setSystemDark(false)
    expect(selectTheme(app.getSnapshot())).toBe('dark')
    expect(fake.calls.appliedThemes).toEqual(['dark'])
  })

  it('ignores an unreadable stored theme', () => {
    const { app } = start({ prefersDark: true, stored: { [THEME_STORAGE_KEY]: 'purple' } })
    expect(selectTheme(app.getSnapshot())).toBe('dark')
  })

  it('persists a toggle and stops following the system', () => {
    const { app, fake } = start({ prefersDark: false })
    app.send({ type: 'theme.toggle' })
    expect(selectTheme(app.getSnapshot())).toBe('dark')
    expect(fake.stored.get(THEME_STORAGE_KEY)).toBe('dark')
    fake.setSystemDark(true)
    fake.setSystemDark(false)
    expect(selectTheme(app.getSnapshot())).toBe('dark')
    app.send({ type: 'theme.toggle' })
    expect(fake.stored.get(THEME_STORAGE_KEY)).toBe('light')
    expect(fake.calls.appliedThemes).toEqual(['light', 'dark', 'light'])
  })

  it('persists an explicit choice even when it matches the current theme', () => {
    const { app, fake } = start({ prefersDark: false })
    app.send({ type: 'theme.set', theme: 'light' })
    expect(fake.stored.get(THEME_STORAGE_KEY)).toBe('light')
    fake.setSystemDark(true)
    expect(selectTheme(app.getSnapshot())).toBe('light')
    app.send({ type: 'theme.set', theme: 'dark' })
    expect(selectTheme(app.getSnapshot())).toBe('dark')
    expect(fake.stored.get(THEME_STORAGE_KEY)).toBe('dark')
  })
})

describe('app machine: locale', () => {
  it('starts from storage, then the device, then Polish', () => {
    const stored = start({ preferredLocale: 'en', stored: { [LOCALE_STORAGE_KEY]: 'de' } })
    expect(selectLocale(stored.app.getSnapshot())).toBe('de')
    expect(selectLocale(start({ preferredLocale: 'en' }).app.getSnapshot())).toBe('en')
    const fallback = start({ stored: { [LOCALE_STORAGE_KEY]: 'fr' } })
    expect(selectLocale(fallback.app.getSnapshot())).toBe('pl')
    expect(fallback.fake.calls.appliedLocales).toEqual(['pl'])
  })

  it('applies and persists a chosen locale', () => {
    const { app, fake } = start()
    app.send({ type: 'locale.set', locale: 'en' })
    expect(selectLocale(app.getSnapshot())).toBe('en')
    expect(fake.stored.get(LOCALE_STORAGE_KEY)).toBe('en')
    app.send({ type: 'locale.set', locale: 'de' })
    expect(fake.calls.appliedLocales).toEqual(['pl', 'en', 'de'])
    expect(fake.stored.get(LOCALE_STORAGE_KEY)).toBe('de')
  })
})

describe('app machine: help', () => {
  it('hides the launcher at start and shows it after the panel closes', () => {
    const { app } = start()
    expect(selectHelpLauncherVisible(app.getSnapshot())).toBe(false)
    expect(selectHelpOpen(app.getSnapshot())).toBe(false)
    app.send({ type: 'help.open' })
    expect(selectHelpOpen(app.getSnapshot())).toBe(true)
    app.send({ type: 'help.close' })
    expect(selectHelpLauncherVisible(app.getSnapshot())).toBe(true)
    app.send({ type: 'help.hideLauncher' })
    expect(selectHelpLauncherVisible(app.getSnapshot())).toBe(false)
  })

  it('tracks help_opened each time the panel opens', () => {
    const { app, analytics } = start()
    app.send({ type: 'help.open' })
    app.send({ type: 'help.close' })
    app.send({ type: 'help.open' })
    expect(selectQueuedAnalytics(analytics().getSnapshot()).map((event) => event.name)).toEqual([
      'help_opened',
      'help_opened',
    ])
  })
})

describe('app machine: update and failures', () => {
  it('reloads once when a new service worker activates', () => {
    const { app, fake } = start()
    expect(selectIsReloading(app.getSnapshot())).toBe(false)
    fake.activateUpdate()
    fake.activateUpdate()
    expect(selectIsReloading(app.getSnapshot())).toBe(true)
    expect(fake.calls.reloads).toBe(1)
  })

  it('reports a failed view load as an error toast with a message key', () => {
    const { app, toasts } = start()
    app.send({ type: 'view.loadFailed', error: 'Failed to fetch dynamically imported module' })
    expect(selectToasts(toasts().getSnapshot())).toEqual([
      {
        id: 'toast-1',
        kind: 'error',
        titleKey: 'toast.failureLabel',
        messageKey: 'errors.viewLoadFailed',
        details: ['Failed to fetch dynamically imported module'],
        leaving: false,
      },
    ])
  })

  it('createAppActor wires the platform and system ids; children are reachable until it stops', () => {
    const fake = createFakePlatform({ width: 500 })
    const app = createAppActor(fake.platform)
    app.start()
    expect(app.system.get(APP_SYSTEM_ID)).toBe(app)
    expect(selectIsMobile(app.getSnapshot())).toBe(true)
    getToastsRef(app).send({ type: 'toast.show', kind: 'success' })
    expect(selectToasts(getToastsRef(app).getSnapshot())).toHaveLength(1)
    expect(getAnalyticsRef(app).getSnapshot().value).toBe('idle')
    app.stop()
    expect(() => getToastsRef(app)).toThrow(/toasts/)
  })

  it('registers the children in the actor system', () => {
    const { app, toasts, analytics } = start()
    expect(app.system.get('app')).toBe(app)
    expect(toasts().getSnapshot().value).toBe('showing')
    expect(analytics().getSnapshot().value).toBe('idle')
  })
})
