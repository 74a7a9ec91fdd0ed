import type { AnalyticsBatch } from '../../../machines/analytics/index.ts'
import type { AppPlatform, Locale, Theme } from '../../../machines/app/index.ts'

export type FakePlatformOptions = {
  width?: number
  userAgent?: string
  prefersDark?: boolean
  stored?: Record<string, string>
  preferredLocale?: Locale | null
  now?: number
  /** Decides each analytics send; defaults to success. */
  sendAnalytics?: (batch: AnalyticsBatch, signal: AbortSignal) => Promise<void>
}

/** A host that records what the machines asked of it and lets tests play the browser's part. */
export const createFakePlatform = (options: FakePlatformOptions = {}) => {
  const resizeListeners = new Set<(width: number) => void>()
  const darkListeners = new Set<(dark: boolean) => void>()
  const updateListeners = new Set<() => void>()
  const stored = new Map(Object.entries(options.stored ?? {}))
  let width = options.width ?? 1280
  let dark = options.prefersDark ?? false
  let clock = options.now ?? Date.UTC(2026, 10, 22, 12, 0, 0)

  const calls = {
    appliedThemes: [] as Theme[],
    appliedLocales: [] as Locale[],
    reloads: 0,
    sentBatches: [] as AnalyticsBatch[],
  }

  const subscribe =
    <L>(listeners: Set<L>) =>
    (listener: L) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    }

  const platform: AppPlatform = {
    viewportWidth: () => width,
    onViewportResize: subscribe(resizeListeners),
    userAgent: options.userAgent ?? 'Mozilla/5.0 (X11; Linux x86_64)',
    prefersDark: () => dark,
    onPrefersDarkChange: subscribe(darkListeners),
    storage: {
      get: (key) => stored.get(key) ?? null,
      set: (key, value) => {
        stored.set(key, value)
      },
    },
    applyTheme: (theme) => {
      calls.appliedThemes.push(theme)
    },
    applyLocale: (locale) => {
      calls.appliedLocales.push(locale)
    },
    reloadPage: () => {
      calls.reloads += 1
    },
    onServiceWorkerUpdate: subscribe(updateListeners),
    sendAnalytics: (batch, signal) => {
      calls.sentBatches.push(batch)
      return options.sendAnalytics ? options.sendAnalytics(batch, signal) : Promise.resolve()
    },
    now: () => clock,
    preferredLocale: () => options.preferredLocale ?? null,
  }

  return {
    platform,
    calls,
    stored,
    resize(to: number) {
      width = to
      for (const listener of resizeListeners) listener(to)
    },
    setSystemDark(to: boolean) {
      dark = to
      for (const listener of darkListeners) listener(to)
    },
    activateUpdate() {
      for (const listener of updateListeners) listener()
    },
    advanceClock(ms: number) {
      clock += ms
    },
    listenerCounts: () => ({
      resize: resizeListeners.size,
      dark: darkListeners.size,
      update: updateListeners.size,
    }),
  }
}

export type FakePlatform = ReturnType<typeof createFakePlatform>
