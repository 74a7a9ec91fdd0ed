import type { AnyRouter } from '@tanstack/react-router'
import { createActor } from 'xstate'
import { type NativeLinksPort, nativeLinksMachine } from '../../machines/nativeLinks/index.ts'

const DIALOG_SELECTOR = '[role="dialog"], [role="alertdialog"]'

/** Capacitor's `appUrlOpen` (and the URL that launched the app) as the machine's event source. */
const capacitorPort = async (router: AnyRouter): Promise<NativeLinksPort> => {
  const { App } = await import('@capacitor/app')
  return {
    onUrlOpen(listener) {
      let active = true
      let remove = () => {}
      void App.addListener('appUrlOpen', (event) => listener(event.url)).then((handle) => {
        remove = () => void handle.remove()
        if (!active) remove()
      })
      void App.getLaunchUrl().then((launch) => {
        if (active && launch !== undefined && launch.url !== '') listener(launch.url)
      })
      return () => {
        active = false
        remove()
      }
    },
    navigate(pathAndQuery) {
      void router.navigate({ href: pathAndQuery })
    },
  }
}

/**
 * SPEC §2 Behaviours on the native platform: follow the URL that opened the app once the router has resolved
 * its first location and no dialog is open (any element with a dialog role counts).
 */
export const startNativeLinks = async (router: AnyRouter): Promise<() => void> => {
  const links = createActor(nativeLinksMachine, { input: { port: await capacitorPort(router) } }).start()

  let dialogOpen = false
  const checkDialogs = () => {
    const open = document.querySelector(DIALOG_SELECTOR) !== null
    if (open !== dialogOpen) links.send({ type: open ? 'dialog.opened' : 'dialog.closed' })
    dialogOpen = open
  }
  const observer = new MutationObserver(checkDialogs)
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['role'],
  })
  checkDialogs()

  const ready = () => links.send({ type: 'router.ready' })
  const unsubscribe = router.subscribe('onResolved', ready)
  if (router.state.status === 'idle' && router.state.resolvedLocation !== undefined) ready()

  return () => {
    unsubscribe()
    observer.disconnect()
    links.stop()
  }
}
