import type { i18n } from 'i18next'
import type { AppPlatform, Locale, Theme } from '../../machines/app/index.ts'
import type { LoadApi } from '../api/loadApi.ts'
import { switchLanguage } from '../i18n/i18n.ts'
import { firstSupportedLocale } from '../i18n/startLocale.ts'
import { registerServiceWorker } from '../platform/serviceWorker.ts'
import { browserStorage } from '../platform/storage.ts'

const DARK_THEME_CLASS = 'app-dark'
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)')

/** Fans one browser signal out to any number of machine subscriptions. */
const createSignal = () => {
  const listeners = new Set<() => void>()
  return {
    emit: () => {
      for (const listener of listeners) listener()
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

/** AppPlatform for a web browser. Created once in main.tsx and handed to the root app actor as input. */
export const createBrowserPlatform = (i18nInstance: i18n, loadApi: LoadApi): AppPlatform => {
  const serviceWorkerUpdated = createSignal()
  if (import.meta.env.PROD) registerServiceWorker(serviceWorkerUpdated.emit)

  return {
    viewportWidth: () => window.innerWidth,
    onViewportResize(listener) {
      // The machine debounces (SPEC §9: 33 ms); the platform only reports.
      const onResize = () => listener(window.innerWidth)
      window.addEventListener('resize', onResize)
      return () => window.removeEventListener('resize', onResize)
    },
    userAgent: navigator.userAgent,
    prefersDark: () => darkQuery().matches,
    onPrefersDarkChange(listener) {
      const query = darkQuery()
      const onChange = (event: MediaQueryListEvent) => listener(event.matches)
      query.addEventListener('change', onChange)
      return () => query.removeEventListener('change', onChange)
    },
    storage: browserStorage,
    applyTheme(theme: Theme) {
      const root = document.documentElement
      root.classList.toggle(DARK_THEME_CLASS, theme === 'dark')
      root.style.colorScheme = theme
    },
    applyLocale(locale: Locale) {
      // English and German texts are fetched on first use; <html lang> follows the texts actually shown.
      void switchLanguage(i18nInstance, locale).then((switched) => {
        if (switched) document.documentElement.lang = locale
      })
    },
    reloadPage: () => window.location.reload(),
    onServiceWorkerUpdate: serviceWorkerUpdated.subscribe,
    async sendAnalytics(batch, signal) {
      // Loaded on first use: the HTTP client and its schemas stay out of the first-screen bundle.
      await (await loadApi()).postJsonWithoutAnswer('/api/analytics', { events: batch }, { signal })
    },
    now: () => Date.now(),
    preferredLocale: () => firstSupportedLocale(navigator.languages),
  }
}
