import type { AnalyticsBatch } from '../analytics/analytics.events.ts'

export type Theme = 'light' | 'dark'
export type Locale = 'pl' | 'en' | 'de'
export type MobileOs = 'WindowsPhone' | 'Android' | 'iOS' | 'unknown'

export type KeyValueStorage = {
  get(key: string): string | null
  set(key: string, value: string): void
}

/**
 * Everything the app machine needs from the host (browser, Capacitor, tests).
 * Machines never touch the DOM; src/ implements this for the browser, tests pass fakes.
 * Every `on…` subscription returns its unsubscribe function.
 */
export type AppPlatform = {
  viewportWidth(): number
  onViewportResize(listener: (width: number) => void): () => void
  readonly userAgent: string
  prefersDark(): boolean
  onPrefersDarkChange(listener: (dark: boolean) => void): () => void
  readonly storage: KeyValueStorage
  applyTheme(theme: Theme): void
  applyLocale(locale: Locale): void
  reloadPage(): void
  onServiceWorkerUpdate(listener: () => void): () => void
  sendAnalytics(batch: AnalyticsBatch, signal: AbortSignal): Promise<void>
  now(): number
  preferredLocale(): Locale | null
}
