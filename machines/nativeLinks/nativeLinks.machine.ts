import { assign, setup } from 'xstate'
import { urlOpenListener } from './nativeLinks.actors.ts'
import { type NativeLinksPort, toPathAndQuery } from './nativeLinks.port.ts'

export type NativeLinksContext = {
  readonly port: NativeLinksPort
  /** The latest opening URL's path and query, waiting to be followed (a newer one replaces it). */
  readonly pending: string | null
  readonly dialogOpen: boolean
}

export type NativeLinksEvent =
  | { type: 'link.opened'; url: string }
  | { type: 'router.ready' }
  | { type: 'dialog.opened' }
  | { type: 'dialog.closed' }

export type NativeLinksInput = { readonly port: NativeLinksPort }

/**
 * SPEC §2 Behaviours: when the native app is opened by a URL, go to its path and query once the router is
 * ready and no dialog is open.
 */
export const nativeLinksMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as NativeLinksContext,
    events: {} as NativeLinksEvent,
    input: {} as NativeLinksInput,
  },
  actors: { urlOpenListener },
  guards: {
    hasPending: ({ context }) => context.pending !== null,
    dialogOpen: ({ context }) => context.dialogOpen,
  },
  actions: {
    rememberLink: assign((_, params: { url: string }) => ({ pending: toPathAndQuery(params.url) })),
    markDialogOpen: assign({ dialogOpen: true }),
    markDialogClosed: assign({ dialogOpen: false }),
    followLink: ({ context }) => {
      if (context.pending !== null) context.port.navigate(context.pending)
    },
    clearPending: assign({ pending: null }),
  },
}).createMachine({
  id: 'nativeLinks',
  context: ({ input }) => ({ port: input.port, pending: null, dialogOpen: false }),
  invoke: { src: 'urlOpenListener', input: ({ context }) => ({ port: context.port }) },
  on: {
    'link.opened': { actions: { type: 'rememberLink', params: ({ event }) => ({ url: event.url }) } },
    'dialog.opened': { actions: 'markDialogOpen' },
    'dialog.closed': { actions: 'markDialogClosed' },
  },
  initial: 'waitingForRouter',
  states: {
    // The router has not finished its first load: a link now would be lost, so it waits.
    waitingForRouter: {
      on: { 'router.ready': { target: 'deciding' } },
    },
    // Follows a waiting link unless a dialog is open.
    deciding: {
      always: [
        { guard: 'dialogOpen', target: 'waitingForDialog' },
        { guard: 'hasPending', target: 'idle', actions: ['followLink', 'clearPending'] },
        { target: 'idle' },
      ],
    },
    // Ready, nothing waiting.
    idle: {
      on: {
        'link.opened': {
          target: 'deciding',
          actions: { type: 'rememberLink', params: ({ event }) => ({ url: event.url }) },
        },
      },
    },
    // A dialog is open: links wait until it closes.
    waitingForDialog: {
      on: { 'dialog.closed': { target: 'deciding', actions: 'markDialogClosed' } },
    },
  },
})
