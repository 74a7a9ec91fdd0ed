import type { SnapshotFrom } from 'xstate'
import type { ToastKind } from './toast.content.ts'
import type { toastsMachine } from './toasts.machine.ts'

type ToastsSnapshot = SnapshotFrom<typeof toastsMachine>

export type ToastView = {
  readonly id: string
  readonly kind: ToastKind
  readonly titleKey: string
  readonly messageKey?: string
  readonly message?: string
  readonly details?: ReadonlyArray<string>
  readonly leaving: boolean
}

const viewCache = new WeakMap<object, ReadonlyArray<ToastView>>()

/**
 * Toasts to render, oldest first. Returns the same array until the list changes, so
 * `useSelector(toastsRef, selectToasts)` re-renders only when something visible changed.
 */
export const selectToasts = (snapshot: ToastsSnapshot): ReadonlyArray<ToastView> => {
  const toasts = snapshot.context.toasts
  const cached = viewCache.get(toasts)
  if (cached) return cached
  const views = toasts.map(({ id, content, leaving }): ToastView => ({ id, ...content, leaving }))
  viewCache.set(toasts, views)
  return views
}

export const selectHasToasts = (snapshot: ToastsSnapshot): boolean => snapshot.context.toasts.length > 0
