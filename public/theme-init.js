// Runs in <head> before first paint so the page never flashes the wrong theme (SPEC §2: stored, else system).
// External file because the server's Content-Security-Policy forbids inline scripts.
;(() => {
  let stored = null
  try {
    stored = window.localStorage.getItem('koperta.theme')
  } catch {
    // Storage can be blocked (private mode, policy); the system preference decides then.
  }
  const dark =
    stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.classList.toggle('app-dark', dark)
  // The account pages (server/identity) pick their colours by the used color-scheme (CSS light-dark()).
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light'
})()
