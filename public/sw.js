// Koperta service worker. Build: __KOPERTA_BUILD_ID__
// Its bytes change with every build (src/build/serviceWorkerBuildId.ts), so browsers detect a new version;
// the page reloads when the new worker takes control (src/platform/serviceWorker.ts).
// It caches nothing, so it can never serve a stale index.html.
self.addEventListener('install', () => {
  self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})
