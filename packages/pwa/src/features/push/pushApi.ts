import { PushSubscribedViewSchema, PushTestResultSchema, VapidPublicKeyViewSchema, type PushUnsubscribeBody } from '@hyperhook/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/apiClient';
import { queryKeys } from '../../lib/queryKeys';

/** The server's VAPID public key, needed to subscribe (public, stable). */
export const vapidPublicKeyQuery = queryOptions({
  queryKey: queryKeys.pushPublicKey,
  queryFn: () => api('/api/push/vapid-public-key', { schema: VapidPublicKeyViewSchema, auth: false }),
  staleTime: Infinity,
});

/** Opts this browser in: the api stores the subscription as an event on the user's stream. */
export const saveSubscription = (subscription: PushSubscriptionJSON) =>
  api('/api/push/subscription', { method: 'POST', body: subscription, schema: PushSubscribedViewSchema });

/** Opts this browser out. */
export const deleteSubscription = (endpoint: string) =>
  api('/api/push/subscription', { method: 'DELETE', body: { endpoint } satisfies PushUnsubscribeBody, schema: PushSubscribedViewSchema });

/** Asks the api to push a test notification to every subscription of the account. */
export const sendTestNotification = () => api('/api/push/test', { method: 'POST', body: {}, schema: PushTestResultSchema });

/** A VAPID key (base64url) as the bytes PushManager.subscribe wants. */
export function vapidKeyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = `${base64url}${'='.repeat((4 - (base64url.length % 4)) % 4)}`.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}
