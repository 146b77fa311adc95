/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { answerFromNotification, answerUrlOf, approvalButtonsFromPush } from './features/push/approvalActions';
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

/** Notification buttons: in the browsers that show them, though TypeScript's WebWorker lib does not list them. */
type NotificationOptionsWithActions = NotificationOptions & { actions?: { action: string; title: string }[] };

const ICON = '/icons/icon-192.png';

// Web push: executed and failed alerts, entries awaiting approval (with Approve and Reject
// buttons), deleted keys, test notifications.
self.addEventListener('push', (event) => {
  const text = event.data?.text() ?? null;
  const notification = notificationFromPush(text);
  const buttons = approvalButtonsFromPush(text);
  const options: NotificationOptionsWithActions = {
    body: notification.body,
    tag: notification.tag,
    icon: ICON,
    badge: ICON,
    data: { url: notification.url },
    // An entry awaiting approval: its buttons, and their answer paths kept in the notification's
    // data for the click that posts one. Every other notice keeps the data it always had.
    ...(buttons.length > 0
      ? {
          data: { url: notification.url, answers: Object.fromEntries(buttons.map((button) => [button.action, button.url])) },
          actions: buttons.map(({ action, title }) => ({ action, title })),
          requireInteraction: true,
        }
      : {}),
  };
  event.waitUntil(self.registration.showNotification(notification.title, options));
});

// Approve or Reject on an entry's notification: the answer is posted with the push's token (no
// session here) and its outcome replaces the notification ("Approved: BTC buy 0.01", or why not);
// a tap on that one opens the log's row.
function answer(notification: Notification, url: string): Promise<void> {
  const data = notification.data as { url?: unknown } | null;
  return answerFromNotification((path, init) => fetch(path, init), url).then((toast) =>
    self.registration.showNotification(toast.title, {
      body: toast.body,
      tag: notification.tag,
      icon: ICON,
      badge: ICON,
      data: { url: typeof data?.url === 'string' ? data.url : '/dashboard' },
    }),
  );
}

// A tap opens the log's row: in an open window of the app (which routes to it without a reload,
// see features/push/useNotificationNavigation), else in a new window.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const answerUrl = answerUrlOf(event.notification.data, event.action);
  if (answerUrl !== null) {
    event.waitUntil(answer(event.notification, answerUrl));
    return;
  }
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
