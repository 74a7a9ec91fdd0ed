import { type EventObject, fromCallback } from 'xstate'
import type { AppPlatform } from './app.platform.ts'

export type PlatformInput = { readonly platform: AppPlatform }

/** Forwards every raw resize; the machine does the debouncing so it stays testable with a clock. */
export const viewportListener = fromCallback<EventObject, PlatformInput>(({ input, sendBack }) =>
  input.platform.onViewportResize((width) => sendBack({ type: 'viewport.resized', width })),
)

export const systemThemeListener = fromCallback<EventObject, PlatformInput>(({ input, sendBack }) =>
  input.platform.onPrefersDarkChange((dark) => sendBack({ type: 'theme.systemChanged', dark })),
)

export const serviceWorkerUpdates = fromCallback<EventObject, PlatformInput>(({ input, sendBack }) =>
  input.platform.onServiceWorkerUpdate(() => sendBack({ type: 'app.updateActivated' })),
)
