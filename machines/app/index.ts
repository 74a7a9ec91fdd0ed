export type { PlatformInput } from './app.actors.ts'
export { serviceWorkerUpdates, systemThemeListener, viewportListener } from './app.actors.ts'
export {
  detectMobileOs,
  isMobileViewport,
  MOBILE_BREAKPOINT,
  RESIZE_DEBOUNCE_MS,
} from './app.device.ts'
export {
  ANALYTICS_SYSTEM_ID,
  APP_SYSTEM_ID,
  NOTIFICATIONS_SYSTEM_ID,
  OPEN_BUDGET_SYSTEM_ID,
  SUMMARY_AHEAD_SYSTEM_ID,
  TOASTS_SYSTEM_ID,
} from './app.ids.ts'
export type {
  AppContext,
  AppEvent,
  AppInput,
  BudgetCode,
  BudgetHost,
  BudgetWanted,
  OpenBudgetRef,
} from './app.machine.ts'
export { appMachine, VIEW_LOAD_FAILED_KEY } from './app.machine.ts'
export type {
  AppPlatform,
  KeyValueStorage,
  Locale,
  MobileOs,
  Theme,
} from './app.platform.ts'
export {
  DEFAULT_LOCALE,
  LOCALE_STORAGE_KEY,
  LOCALES,
  parseLocale,
  parseTheme,
  THEME_STORAGE_KEY,
} from './app.preferences.ts'
export type { Device } from './app.selectors.ts'
export {
  selectBudgetWanted,
  selectDevice,
  selectFollowsSystemTheme,
  selectHelpLauncherVisible,
  selectHelpOpen,
  selectIsMobile,
  selectIsReloading,
  selectLocale,
  selectNotificationsActor,
  selectOpenBudget,
  selectOs,
  selectTheme,
  selectViewportWidth,
} from './app.selectors.ts'
export type { AnalyticsRef, AppRef, NotificationsRef, ToastsRef } from './app.system.ts'
export { createAppActor, getAnalyticsRef, getToastsRef } from './app.system.ts'
