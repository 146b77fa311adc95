/**
 * What one request costs against the per-IP REST budget (reference §4.1, the venue's
 * rate-limits page): /exchange `1 + floor(batch_length / 40)`; /info 2, 20 or 60 by request type,
 * plus a surcharge for the long lists some info types return. One table for both sides: the
 * client's meter charges what the simulator enforces.
 */

/** The venue's per-IP REST budget, in weight per rolling minute. */
export const DEFAULT_IP_WEIGHT_PER_MINUTE = 1200;

/** Info types the venue prices at 2: the cheap, hot reads. */
const LIGHT_INFO_TYPES = new Set(['l2Book', 'allMids', 'clearinghouseState', 'orderStatus', 'spotClearinghouseState', 'exchangeStatus']);
/** Info types priced at 60. */
const HEAVY_INFO_TYPES = new Set(['userRole']);
/** Weight of every other info request, unknown and unreadable ones included (the venue charges before it parses). */
export const DEFAULT_INFO_WEIGHT = 20;
/** Info types that cost 1 more per {@link ITEMS_PER_EXTRA_WEIGHT} items they return. */
const ITEM_PRICED_INFO_TYPES = new Set(['userFills', 'userFillsByTime', 'historicalOrders', 'userFunding', 'fundingHistory', 'recentTrades']);
/** Items per extra unit of weight for {@link ITEM_PRICED_INFO_TYPES}. */
export const ITEMS_PER_EXTRA_WEIGHT = 20;
/** Orders, cancels or modifies per extra unit of /exchange weight. */
export const BATCH_ITEMS_PER_EXTRA_WEIGHT = 40;

function batchLength(body: unknown): number {
  if (typeof body !== 'object' || body === null) return 0;
  const action = (body as Record<string, unknown>).action;
  if (typeof action !== 'object' || action === null) return 0;
  const { orders, cancels, modifies } = action as Record<string, unknown>;
  if (Array.isArray(orders)) return orders.length;
  if (Array.isArray(cancels)) return cancels.length;
  if (Array.isArray(modifies)) return modifies.length;
  return 0;
}

/** The `type` of an /info body (or of an /exchange body's `action`), when it has one. */
export function infoType(body: unknown): string | undefined {
  const type = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).type : undefined;
  return typeof type === 'string' ? type : undefined;
}

/** Weight charged when a request arrives; `body` is the parsed JSON (undefined when unreadable). */
export function requestWeight(endpoint: 'info' | 'exchange', body: unknown): number {
  if (endpoint === 'exchange') return 1 + Math.floor(batchLength(body) / BATCH_ITEMS_PER_EXTRA_WEIGHT);
  const type = infoType(body);
  if (type === undefined) return DEFAULT_INFO_WEIGHT;
  if (LIGHT_INFO_TYPES.has(type)) return 2;
  if (HEAVY_INFO_TYPES.has(type)) return 60;
  return DEFAULT_INFO_WEIGHT;
}

/**
 * Weight added once an info answer is known: 1 per full {@link ITEMS_PER_EXTRA_WEIGHT} items for
 * the list-returning types ("per 20 items returned" read as whole twenties), 0 for anything else.
 */
export function responseWeight(type: string | undefined, answer: unknown): number {
  if (type === undefined || !ITEM_PRICED_INFO_TYPES.has(type) || !Array.isArray(answer)) return 0;
  return Math.floor(answer.length / ITEMS_PER_EXTRA_WEIGHT);
}
