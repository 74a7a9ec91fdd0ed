import { fromCallback } from 'xstate'
import type { NativeLinksPort } from './nativeLinks.port.ts'

/** Each URL the native shell reports becomes a `link.opened` event. */
export const urlOpenListener = fromCallback<
  { type: 'link.opened'; url: string },
  { readonly port: NativeLinksPort }
>(({ input, sendBack }) => input.port.onUrlOpen((url) => sendBack({ type: 'link.opened', url })))
