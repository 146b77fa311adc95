import { z } from 'zod';
import { PushKeysSchema } from '../notifications/pushSubscriptionEvents.js';

/** `GET /api/push/vapid-public-key`: the key a browser subscribes with (public, stable). */
export const VapidPublicKeyViewSchema = z.object({ publicKey: z.string() });

/** Push services are reached over TLS only; browsers never hand out another kind of endpoint. */
const PushEndpointSchema = z
  .url({ protocol: /^https$/ })
  .max(2048)
  .describe('The push service URL of the browser subscription');

/** The body of `POST /api/push/subscription`: what PushSubscription#toJSON() gives (`expirationTime` is accepted and ignored). */
export const PushSubscribeBodySchema = z.object({ endpoint: PushEndpointSchema, keys: PushKeysSchema, expirationTime: z.number().nullish() });

/** The body of `DELETE /api/push/subscription`. */
export const PushUnsubscribeBodySchema = z.object({ endpoint: PushEndpointSchema });
/** An opt-out. */
export type PushUnsubscribeBody = z.input<typeof PushUnsubscribeBodySchema>;

/** `POST` and `DELETE /api/push/subscription`: whether this browser is now opted in. */
export const PushSubscribedViewSchema = z.object({ subscribed: z.boolean() });

/** `POST /api/push/test`: what the test push did, per subscription of the caller. */
export const PushTestResultSchema = z.object({
  sent: z.number().int().min(0).describe('Subscriptions the push service accepted the notification for'),
  removed: z.number().int().min(0).describe('Subscriptions the push service reported gone (404/410), now removed'),
  failed: z.number().int().min(0).describe('Subscriptions the push service refused or could not be reached for'),
});
/** What a test push did. */
export type PushTestResult = z.infer<typeof PushTestResultSchema>;
