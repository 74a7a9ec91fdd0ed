import { createContext, type ReactNode, useContext } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { AppRef, appMachine, ToastsRef } from '../../machines/app/index.ts'

const AppActorContext = createContext<AppRef | null>(null)

/**
 * The root app actor, created and started once in main.tsx (before the router, whose loaders send it events) and
 * handed to everything below; never a module singleton. Views reach it with useAppActor() + useSelector(ref, selectX).
 */
export function AppActorProvider({ app, children }: { readonly app: AppRef; readonly children: ReactNode }) {
  return <AppActorContext.Provider value={app}>{children}</AppActorContext.Provider>
}

export const useAppActor = (): AppRef => {
  const app = useContext(AppActorContext)
  if (app === null) throw new Error('useAppActor outside <AppActorProvider>')
  return app
}

/**
 * The toast list child, invoked by the app machine with id 'toasts'. Read from the snapshot (not
 * getToastsRef) so a view re-renders with the new child if the app actor is ever restarted.
 */
export const selectToastsActor = (snapshot: SnapshotFrom<typeof appMachine>): ToastsRef | undefined =>
  // xstate types invoked children loosely (AnyActorRef); the app machine invokes toastsMachine as 'toasts'.
  snapshot.children.toasts as ToastsRef | undefined
