type Listener = () => void

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000

/**
 * Registers /sw.js with root scope (SPEC §7) and reports when an UPDATED worker takes control.
 * The first controllerchange after a fresh install is not an update, so it is ignored.
 */
export const registerServiceWorker = (onUpdate: Listener): void => {
  if (!('serviceWorker' in navigator)) return
  const container = navigator.serviceWorker
  let hadController = container.controller !== null
  container.addEventListener('controllerchange', () => {
    if (hadController) onUpdate()
    hadController = true
  })
  container
    .register('/sw.js', { scope: '/' })
    .then((registration) => {
      // Long-open tabs would otherwise only look for a new version on navigation.
      const checkForUpdate = () => {
        registration.update().catch(() => undefined)
      }
      window.setInterval(checkForUpdate, UPDATE_CHECK_INTERVAL_MS)
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') checkForUpdate()
      })
    })
    .catch(() => undefined) // No worker (e.g. blocked by policy) only means no automatic reload.
}
