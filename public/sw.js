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

// Web Push (issue 29): the server sends JSON {title, body, link}; a message that is not JSON still shows, as text.
self.addEventListener('push', (event) => {
  let payload = {}
  try {
    payload = event.data ? event.data.json() : {}
  } catch {
    payload = { body: event.data ? event.data.text() : '' }
  }
  const title = typeof payload.title === 'string' && payload.title !== '' ? payload.title : 'Koperta'
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      icon: '/favicon.svg',
      data: { link: typeof payload.link === 'string' ? payload.link : '/' },
    }),
  )
})

// A click opens the notification's link: in a tab of the app already open (focused and sent there), else a new one.
// The app maps a desktop link to the phone's screen itself (src/router/equivalentAddress.ts).
self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const link = new URL(event.notification.data?.link ?? '/', self.location.origin)
  if (link.origin !== self.location.origin) return
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => new URL(client.url).origin === link.origin)
      if (open === undefined) return self.clients.openWindow(link.href)
      await open.focus()
      return open.navigate(link.href)
    }),
  )
})
