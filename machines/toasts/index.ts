export type { ResolvedToastContent, ToastContent, ToastKind } from './toast.content.ts'
export {
  DEFAULT_MESSAGE_KEYS,
  DEFAULT_TITLE_KEYS,
  resolveToastContent,
} from './toast.content.ts'
export type { ToastEvent, ToastInput, ToastLifecycleEvent } from './toast.machine.ts'
export { TOAST_AUTO_HIDE_MS, TOAST_LEAVE_ANIMATION_MS, toastMachine } from './toast.machine.ts'
export type { ApiErrorLike } from './toasts.errors.ts'
export { API_SERVER_ERROR_MESSAGE, toastFromApiError } from './toasts.errors.ts'
export type {
  ToastDismiss,
  ToastEntry,
  ToastShow,
  ToastsContext,
  ToastsEvent,
  ToastsPublicEvent,
} from './toasts.machine.ts'
export { MAX_TOASTS, toastsMachine } from './toasts.machine.ts'
export type { ToastView } from './toasts.selectors.ts'
export { selectHasToasts, selectToasts } from './toasts.selectors.ts'
