import type { BrowserContext, CDPSession, Page, Worker } from 'playwright-core';

/**
 * The id Chromium gives the service worker registration of `origin` (scope `${origin}/`), read
 * from the DevTools protocol: `ServiceWorker.deliverPushMessage` needs it. `ServiceWorker.enable`
 * reports every existing registration at once.
 */
export async function registrationIdOf(cdp: CDPSession, origin: string, timeoutMs = 30_000): Promise<string> {
  const scope = `${origin}/`;
  let onUpdate: ((event: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  // A promise, not expect.poll: this also runs in beforeAll hooks.
  const found = new Promise<string>((resolve, reject) => {
    onUpdate = (event) => {
      const registration = event.registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (registration !== undefined) resolve(registration.registrationId);
    };
    timer = setTimeout(() => reject(new Error(`no service worker registration for ${scope} within ${timeoutMs} ms`)), timeoutMs);
    cdp.on('ServiceWorker.workerRegistrationUpdated', onUpdate);
  });
  try {
    await cdp.send('ServiceWorker.enable');
    return await found;
  } finally {
    clearTimeout(timer);
    if (onUpdate !== undefined) cdp.off('ServiceWorker.workerRegistrationUpdated', onUpdate);
  }
}

/** A notification the page's registration shows, as `registration.getNotifications()` answers it. */
export interface ShownNotification {
  readonly title: string;
  readonly body: string;
  readonly tag: string;
  readonly data: unknown;
}

/** The notifications the page's service worker registration currently shows. */
export function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
  });
}

/** How long a delivery gets to show its notification before it is delivered again. */
const REDELIVER_AFTER_MS = 5_000;

/**
 * Delivers a push payload to the registration (DevTools `ServiceWorker.deliverPushMessage`) until
 * the worker shows a notification tagged `tag`, as a push service redelivers a message until the
 * browser takes it. The DevTools method answers before the push is dispatched and drops its
 * outcome: a delivery that fails (the worker did not start in time on a loaded machine) is lost
 * without a word, and a CI run once waited 30 s for a notification that never came. Delivering
 * again is safe: a notification with the same tag replaces the one before.
 */
export async function deliverPushUntilShown(
  page: Page,
  cdp: CDPSession,
  push: { origin: string; registrationId: string; data: string; tag: string },
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: push.origin, registrationId: push.registrationId, data: push.data });
    const retryAt = Math.min(deadline, Date.now() + REDELIVER_AFTER_MS);
    while (Date.now() < retryAt) {
      if ((await shownNotifications(page)).some((n) => n.tag === push.tag)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`no notification tagged ${push.tag} within ${timeoutMs} ms of delivering its push`);
}

/** The context's worker running our service worker script. */
export async function serviceWorkerOf(context: BrowserContext, origin: string): Promise<Worker> {
  const url = `${origin}/sw.js`;
  const running = context.serviceWorkers().find((worker) => worker.url() === url);
  return running ?? context.waitForEvent('serviceworker', { predicate: (worker) => worker.url() === url });
}

/**
 * Taps a shown notification the only way headless Chromium allows: a `notificationclick` event,
 * built around the real notification, dispatched in the service worker. (There is no DevTools
 * method that clicks a notification, and a synthetic event carries no user activation, so the
 * worker may not focus or open windows with it — it can still message the open window.)
 */
export async function clickNotification(context: BrowserContext, origin: string, tag: string): Promise<void> {
  const worker = await serviceWorkerOf(context, origin);
  const clicked = await worker.evaluate(async (wanted) => {
    const scope = globalThis as unknown as {
      registration: { getNotifications(filter: { tag: string }): Promise<unknown[]> };
      NotificationEvent: new (type: string, init: { notification: unknown }) => Event;
      dispatchEvent(event: Event): boolean;
    };
    const [notification] = await scope.registration.getNotifications({ tag: wanted });
    if (notification === undefined) return false;
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
    return true;
  }, tag);
  if (!clicked) throw new Error(`no notification tagged ${tag} to click`);
}

/** One version of a service worker as DevTools reports it. */
export interface WorkerVersion {
  readonly versionId: string;
  readonly scriptURL: string;
  /** new, installing, installed (waiting), activating, activated, redundant */
  readonly status: string;
}

/**
 * Follows every service worker version of the page's profile through the DevTools protocol (kept
 * up to date as workers install, wait, activate and become redundant), so a test can tell the
 * old worker from the new one even though both have the same script URL.
 */
export async function watchWorkerVersions(cdp: CDPSession): Promise<Map<string, WorkerVersion>> {
  const versions = new Map<string, WorkerVersion>();
  cdp.on('ServiceWorker.workerVersionUpdated', (event: { versions: { versionId: string; scriptURL: string; status: string }[] }) => {
    for (const v of event.versions) versions.set(v.versionId, { versionId: v.versionId, scriptURL: v.scriptURL, status: v.status });
  });
  await cdp.send('ServiceWorker.enable');
  return versions;
}

/** The versions in one status. */
export const versionsIn = (versions: Map<string, WorkerVersion>, status: string): WorkerVersion[] => [...versions.values()].filter((v) => v.status === status);

/**
 * Waits until the page's registration has an activated worker: a push delivered to a
 * registration whose first worker is still installing is dropped (as a browser would).
 */
export async function activatedWorker(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active as ServiceWorker;
    if (worker.state !== 'activated')
      await new Promise<void>((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()));
    return worker.scriptURL;
  });
}
