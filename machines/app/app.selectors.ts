import type { SnapshotFrom } from 'xstate'
import type { appMachine, BudgetWanted, OpenBudgetRef } from './app.machine.ts'
import type { Locale, MobileOs, Theme } from './app.platform.ts'
import type { NotificationsRef } from './app.system.ts'

type AppSnapshot = SnapshotFrom<typeof appMachine>

export type Device = 'desktop' | 'mobile'

export const selectIsMobile = (snapshot: AppSnapshot): boolean => snapshot.matches({ device: 'mobile' })

export const selectDevice = (snapshot: AppSnapshot): Device =>
  selectIsMobile(snapshot) ? 'mobile' : 'desktop'

export const selectViewportWidth = (snapshot: AppSnapshot): number => snapshot.context.viewportWidth

export const selectOs = (snapshot: AppSnapshot): MobileOs => snapshot.context.os

export const selectTheme = (snapshot: AppSnapshot): Theme =>
  snapshot.matches({ theme: 'dark' }) ? 'dark' : 'light'

export const selectFollowsSystemTheme = (snapshot: AppSnapshot): boolean =>
  snapshot.context.followsSystemTheme

export const selectLocale = (snapshot: AppSnapshot): Locale => {
  if (snapshot.matches({ locale: 'en' })) return 'en'
  if (snapshot.matches({ locale: 'de' })) return 'de'
  return 'pl'
}

/** The launcher button shows only while the panel is closed and a screen asked for it. */
export const selectHelpLauncherVisible = (snapshot: AppSnapshot): boolean =>
  snapshot.matches({ help: 'launcherVisible' })

export const selectHelpOpen = (snapshot: AppSnapshot): boolean => snapshot.matches({ help: 'open' })

export const selectIsReloading = (snapshot: AppSnapshot): boolean => snapshot.matches({ update: 'reloading' })

/** The open budget's actor, once its code is in; null while none is open (or it is still loading). */
export const selectOpenBudget = (snapshot: AppSnapshot): OpenBudgetRef | null => snapshot.context.openBudget

/** The budget the routes asked for (its actor may still be on its way). */
export const selectBudgetWanted = (snapshot: AppSnapshot): BudgetWanted | null =>
  snapshot.context.budgetWanted

/**
 * The notification centre the app hosts, or undefined without one. Read from the snapshot (not system.get) so a view
 * re-renders with the new child if the app actor is ever restarted.
 */
export const selectNotificationsActor = (snapshot: AppSnapshot): NotificationsRef | undefined =>
  // xstate types invoked children loosely (AnyActorRef); the app machine invokes notificationsMachine as 'notifications'.
  snapshot.children.notifications as NotificationsRef | undefined
