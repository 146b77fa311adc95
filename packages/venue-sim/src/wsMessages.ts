/**
 * The WebSocket wire protocol (reference §4.2): what a client may send, the subscriptions the
 * simulator serves, and the venue's error texts. The error texts embed the subscription as JSON
 * because clients (nk) parse it back out to tell which pending request failed.
 */
import { z } from 'zod';

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .transform((s) => s.toLowerCase());

/** Subscriptions the simulator serves; anything else is an "Invalid subscription". */
export const SubscriptionSchema = z.discriminatedUnion('type', [
  // Only the main dex exists here; nk sends no `dex` for it, other clients may send "".
  z.object({ type: z.literal('allMids'), dex: z.literal('').optional() }),
  z.object({ type: z.literal('userFills'), user: address, aggregateByTime: z.boolean().optional() }),
  z.object({ type: z.literal('orderUpdates'), user: address }),
]);

/** A parsed subscription. */
export type Subscription = z.infer<typeof SubscriptionSchema>;

const subscriptionObject = z.record(z.string(), z.unknown());

/** A message a client may send. */
export const ClientMessageSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('subscribe'), subscription: subscriptionObject }),
  z.object({ method: z.literal('unsubscribe'), subscription: subscriptionObject }),
  z.object({ method: z.literal('ping') }),
  z.object({
    method: z.literal('post'),
    id: z.number().int().nonnegative(),
    request: z.object({ type: z.enum(['info', 'action']), payload: z.unknown() }),
  }),
]);

/** A parsed client message. */
export type ClientMessage = z.infer<typeof ClientMessageSchema>;

/** The raw text the venue sends first on every connection (not JSON: clients must skip it). */
export const CONNECTION_GREETING = 'Websocket connection established.';

/** Error texts of the `error` channel. */
export const WsError = {
  unparseable: (text: string) => `Error parsing JSON into valid websocket request: ${text}`,
  invalidSubscription: (raw: unknown) => `Invalid subscription ${JSON.stringify(raw)}`,
  alreadySubscribed: (raw: unknown) => `Already subscribed: ${JSON.stringify(raw)}`,
  alreadyUnsubscribed: (raw: unknown) => `Already unsubscribed: ${JSON.stringify(raw)}`,
} as const;

/** Same subscription ⇔ same key: fields sorted, addresses lowercased, the main dex's "" dropped. */
export function subscriptionKey(sub: Subscription): string {
  const entries = Object.entries(sub).filter(([k, v]) => v !== undefined && !(k === 'dex' && v === ''));
  return JSON.stringify(Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b))));
}
