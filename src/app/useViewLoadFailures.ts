import { useEffect } from 'react'
import { useAppActor } from './AppActor.tsx'

/**
 * SPEC §8: a failed on-demand view load is reported as an error unless the preload-error event is
 * cancelled. Vite dispatches 'vite:preloadError' on window; other listeners get their turn first
 * (setTimeout 0), then an uncancelled failure becomes an error toast through the app machine.
 */
export const useViewLoadFailures = (): void => {
  const app = useAppActor()
  useEffect(() => {
    const onPreloadError = (event: Event) => {
      window.setTimeout(() => {
        if (event.defaultPrevented) return
        // The browser's message is English and technical: it goes to the console, the person gets a localized toast.
        console.error('A view failed to load', 'payload' in event ? event.payload : event)
        app.send({ type: 'view.loadFailed' })
      }, 0)
    }
    window.addEventListener('vite:preloadError', onPreloadError)
    return () => window.removeEventListener('vite:preloadError', onPreloadError)
  }, [app])
}
