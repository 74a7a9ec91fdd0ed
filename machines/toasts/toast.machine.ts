import { sendParent, setup } from 'xstate'
import type { ResolvedToastContent } from './toast.content.ts'

/** SPEC §8/§9: a toast stays 5 s, then animates out for 300 ms. */
export const TOAST_AUTO_HIDE_MS = 5000
export const TOAST_LEAVE_ANIMATION_MS = 300

export type ToastInput = { readonly id: string; readonly content: ResolvedToastContent }
export type ToastContext = ToastInput
export type ToastEvent = { type: 'toast.dismiss' }

/** Sent to the parent list so it can mirror the toast's phase without subscribing to every child. */
export type ToastLifecycleEvent =
  | { type: 'toast.leaving'; id: string }
  | { type: 'toast.removed'; id: string }

export const toastMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as ToastContext,
    events: {} as ToastEvent,
    input: {} as ToastInput,
  },
  delays: {
    autoHide: TOAST_AUTO_HIDE_MS,
    leaveAnimation: TOAST_LEAVE_ANIMATION_MS,
  },
  actions: {
    reportLeaving: sendParent(
      ({ context }): ToastLifecycleEvent => ({ type: 'toast.leaving', id: context.id }),
    ),
    reportRemoved: sendParent(
      ({ context }): ToastLifecycleEvent => ({ type: 'toast.removed', id: context.id }),
    ),
  },
}).createMachine({
  id: 'toast',
  context: ({ input }) => input,
  initial: 'visible',
  states: {
    // On screen and readable until the timer or the user dismisses it.
    visible: {
      after: { autoHide: 'leaving' },
      on: { 'toast.dismiss': 'leaving' },
    },
    // Still rendered so the exit animation can play.
    leaving: {
      entry: 'reportLeaving',
      after: { leaveAnimation: 'gone' },
    },
    // Off screen; the parent list forgets it.
    gone: {
      type: 'final',
      entry: 'reportRemoved',
    },
  },
})
