import { assign, enqueueActions, setup } from 'xstate'
import { resolveToastContent, type ToastContent } from './toast.content.ts'
import { type ToastLifecycleEvent, toastMachine } from './toast.machine.ts'

/** SPEC §9: at most 10 toasts at once; the oldest makes room. */
export const MAX_TOASTS = 10

export type ToastEntry = {
  readonly id: string
  readonly content: ReturnType<typeof resolveToastContent>
  readonly leaving: boolean
}

export type ToastsContext = {
  readonly nextId: number
  /** Oldest first. Mirrors each child's phase so views re-render from this actor alone. */
  readonly toasts: ReadonlyArray<ToastEntry>
}

export type ToastShow = { type: 'toast.show' } & ToastContent
export type ToastDismiss = { type: 'toast.dismiss'; id: string }
export type ToastsPublicEvent = ToastShow | ToastDismiss
export type ToastsEvent = ToastsPublicEvent | ToastLifecycleEvent

const contentOf = ({ type: _type, ...content }: ToastShow): ToastContent => content

export const toastsMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as ToastsContext,
    events: {} as ToastsEvent,
  },
  actors: { toast: toastMachine },
  guards: {
    isKnownToast: ({ context }, params: { id: string }) =>
      context.toasts.some((toast) => toast.id === params.id),
  },
  actions: {
    showToast: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'toast.show') return
      const id = `toast-${context.nextId}`
      const content = resolveToastContent(contentOf(event))
      const kept = context.toasts.slice(Math.max(0, context.toasts.length - (MAX_TOASTS - 1)))
      for (const dropped of context.toasts.slice(0, context.toasts.length - kept.length)) {
        enqueue.stopChild(dropped.id)
      }
      enqueue.spawnChild('toast', { id, input: { id, content } })
      enqueue.assign({
        nextId: context.nextId + 1,
        toasts: [...kept, { id, content, leaving: false }],
      })
    }),
    forwardDismiss: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'toast.dismiss') return
      enqueue.sendTo(event.id, { type: 'toast.dismiss' })
    }),
    markLeaving: assign({
      toasts: ({ context, event }) =>
        context.toasts.map((toast) =>
          event.type === 'toast.leaving' && toast.id === event.id ? { ...toast, leaving: true } : toast,
        ),
    }),
    forgetToast: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'toast.removed') return
      enqueue.stopChild(event.id)
      enqueue.assign({ toasts: context.toasts.filter((toast) => toast.id !== event.id) })
    }),
  },
}).createMachine({
  id: 'toasts',
  context: { nextId: 1, toasts: [] },
  initial: 'showing',
  states: {
    // The only state: the list itself is the interesting part, each toast runs its own timer.
    showing: {
      on: {
        'toast.show': { actions: 'showToast' },
        'toast.dismiss': {
          guard: { type: 'isKnownToast', params: ({ event }) => ({ id: event.id }) },
          actions: 'forwardDismiss',
        },
        'toast.leaving': {
          guard: { type: 'isKnownToast', params: ({ event }) => ({ id: event.id }) },
          actions: 'markLeaving',
        },
        'toast.removed': {
          guard: { type: 'isKnownToast', params: ({ event }) => ({ id: event.id }) },
          actions: 'forgetToast',
        },
      },
    },
  },
})
