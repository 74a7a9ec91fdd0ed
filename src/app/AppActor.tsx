import { createActorContext } from '@xstate/react'
import type { SnapshotFrom } from 'xstate'
import { appMachine, type ToastsRef } from '../../machines/app/index.ts'

/**
 * The root app actor lives in this context's Provider (mounted once in main.tsx): created on mount,
 * stopped on unmount, never a module singleton. Views reach it with useAppActor() + useSelector(ref, selectX).
 */
export const AppActorContext = createActorContext(appMachine)

export const useAppActor = AppActorContext.useActorRef

/**
 * The toast list child, invoked by the app machine with id 'toasts'. Read from the snapshot (not
 * getToastsRef) so a view re-renders with the new child if the app actor is ever restarted.
 */
export const selectToastsActor = (snapshot: SnapshotFrom<typeof appMachine>): ToastsRef | undefined =>
  // xstate types invoked children loosely (AnyActorRef); the app machine invokes toastsMachine as 'toasts'.
  snapshot.children.toasts as ToastsRef | undefined
