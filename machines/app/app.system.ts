import { type ActorOptions, type ActorRefFrom, type AnyActorRef, createActor } from 'xstate'
import type { analyticsMachine } from '../analytics/analytics.machine.ts'
import type { notificationsMachine } from '../notifications/notifications.machine.ts'
import type { NotificationsPort } from '../notifications/notifications.port.ts'
import type { toastsMachine } from '../toasts/toasts.machine.ts'
import { ANALYTICS_SYSTEM_ID, APP_SYSTEM_ID, TOASTS_SYSTEM_ID } from './app.ids.ts'
import { appMachine, type BudgetHost } from './app.machine.ts'
import type { AppPlatform } from './app.platform.ts'

export type AppRef = ActorRefFrom<typeof appMachine>
export type ToastsRef = ActorRefFrom<typeof toastsMachine>
export type AnalyticsRef = ActorRefFrom<typeof analyticsMachine>
export type NotificationsRef = ActorRefFrom<typeof notificationsMachine>

/** Created once at the root (not started); the caller starts and stops it. */
export const createAppActor = (
  platform: AppPlatform,
  {
    budgets,
    notifications,
    ...options
  }: Pick<ActorOptions<typeof appMachine>, 'inspect'> & {
    budgets?: BudgetHost
    notifications?: NotificationsPort
  } = {},
) =>
  createActor(appMachine, {
    ...options,
    input: {
      platform,
      ...(budgets === undefined ? {} : { budgets }),
      ...(notifications === undefined ? {} : { notifications }),
    },
    systemId: APP_SYSTEM_ID,
  })

const requireActor = (actor: AnyActorRef, systemId: string): AnyActorRef => {
  const found: AnyActorRef | undefined = actor.system.get(systemId)
  if (found === undefined)
    throw new Error(`no actor "${systemId}" in this system; has the app actor stopped?`)
  return found
}

/** The toast list the app actor invoked. Throws once the app actor has stopped (a wiring bug). */
export const getToastsRef = (actor: AnyActorRef): ToastsRef => requireActor(actor, TOASTS_SYSTEM_ID)

/** The analytics queue the app actor invoked. Throws once the app actor has stopped (a wiring bug). */
export const getAnalyticsRef = (actor: AnyActorRef): AnalyticsRef => requireActor(actor, ANALYTICS_SYSTEM_ID)
