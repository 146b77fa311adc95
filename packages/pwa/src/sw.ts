/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { notificationFromPush } from './features/push/notificationFromPush';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

// The app shell (scripts, styles, icons, index.html) is precached; /api answers never are: the
// offline view reads the signed-in user's own persisted query cache, so no user's data can be
// served to the next.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/hook\//, /^\/healthz/, /^\/readyz/, /^\/metrics/] }));

// registerType 'prompt': a new version waits until the user chooses "Reload" (workbox-window posts SKIP_WAITING).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

// Web push: executed and failed alerts, deleted keys, test notifications.
self.addEventListener('push', (event) => {
  const notification = notificationFromPush(event.data?.text() ?? null);
  event.waitUntil(
    self.registration.showNotification(notification.title, {
      body: notification.body,
      tag: notification.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: notification.url },
    }),
  );
});

// A tap opens the log's row: in an open window of the app (which routes to it without a reload,
// see features/push/useNotificationNavigation), else in a new window.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const path = typeof data?.url === 'string' ? data.url : '/dashboard';
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open === undefined) {
        await self.clients.openWindow(path);
        return;
      }
      // Route first, then focus: a browser may refuse focus() (the click's window-interaction
      // allowance is short-lived), and the log's row must open in that window anyway.
      open.postMessage({ type: 'hyperhook:open', url: path });
      await open.focus().catch(() => undefined);
    })(),
  );
});
