import { z } from 'zod';
import { eventSchema } from '../eventModel/envelope.js';
import { IsoTimestampSchema } from '../eventModel/primitives.js';

/** Web-push keys of a browser subscription (base64url, as PushSubscription#toJSON gives them). */
export const PushKeysSchema = z.object({
  p256dh: z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .min(16)
    .max(200),
  auth: z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .min(8)
    .max(100),
});

/** A browser opted in to push notifications; the endpoint identifies it. */
export const PushSubscriptionAddedSchema = eventSchema(
  'PushSubscriptionAdded',
  1,
  z.object({ endpoint: z.url({ protocol: /^https$/ }).max(2048), keys: PushKeysSchema, at: IsoTimestampSchema }),
);
/** PushSubscriptionAdded event. */
export type PushSubscriptionAdded = z.infer<typeof PushSubscriptionAddedSchema>;

/** A push subscription was removed (opt-out, or the push service answered 404/410). */
export const PushSubscriptionRemovedSchema = eventSchema(
  'PushSubscriptionRemoved',
  1,
  z.object({ endpoint: z.url({ protocol: /^https$/ }).max(2048), at: IsoTimestampSchema }),
);
/** PushSubscriptionRemoved event. */
export type PushSubscriptionRemoved = z.infer<typeof PushSubscriptionRemovedSchema>;
