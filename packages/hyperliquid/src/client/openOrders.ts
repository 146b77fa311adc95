/**
 * An account's open orders as `frontendOpenOrders` lists them (issue 39.3): unlike `openOrders`,
 * it tells a trigger from a limit and carries the trigger price and TP/SL kind, which is what
 * checking that a position is still protected needs.
 */
import { z } from 'zod';

/** One open order, numbers parsed from the venue's decimal strings. */
export interface OpenOrder {
  coin: string;
  oid: number;
  /** Its client order id, lower case, when it was placed with one. */
  cloid?: `0x${string}`;
  side: 'buy' | 'sell';
  /** Coins still to fill (a whole-position TP/SL shows the position's current size). */
  size: number;
  /** Coins when placed. */
  origSz: number;
  /** Limit price; for a market trigger, the worst price it may fill at. */
  limitPx: number;
  /** Mark price that fires it; only for a trigger still waiting for it. */
  triggerPx?: number;
  /** True while it waits for its trigger (a fired limit trigger rests as a plain order). */
  isTrigger: boolean;
  /** Take-profit or stop-loss, from the venue's order type; absent for plain limits. */
  tpsl?: 'tp' | 'sl';
  reduceOnly: boolean;
  /** True for a position TP/SL (`positionTpsl` grouping). */
  isPositionTpsl: boolean;
  /** When it was placed, ms since the epoch. */
  timestamp: number;
  /** Take-profit and stop-loss orders waiting for this (entry) order to fill; not live yet. */
  children: OpenOrder[];
}

const decimalText = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .transform(Number);

/** The fields of one `frontendOpenOrders` item the client reads. */
interface FrontendOpenOrderItem {
  coin: string;
  side: 'B' | 'A';
  limitPx: number;
  sz: number;
  oid: number;
  timestamp: number;
  isTrigger: boolean;
  triggerPx: number;
  children: FrontendOpenOrderItem[];
  isPositionTpsl: boolean;
  reduceOnly: boolean;
  orderType: string;
  origSz: number;
  cloid?: string | null | undefined;
}

const FrontendOpenOrderItemSchema: z.ZodType<FrontendOpenOrderItem, unknown> = z.lazy(() =>
  z.object({
    coin: z.string(),
    side: z.enum(['B', 'A']),
    limitPx: decimalText,
    sz: decimalText,
    oid: z.number().int().nonnegative(),
    timestamp: z.number().int().nonnegative(),
    isTrigger: z.boolean(),
    triggerPx: decimalText,
    children: z.array(FrontendOpenOrderItemSchema),
    isPositionTpsl: z.boolean(),
    reduceOnly: z.boolean(),
    orderType: z.string(),
    origSz: decimalText,
    cloid: z
      .string()
      .regex(/^0x[0-9a-fA-F]{32}$/)
      .nullish(),
  }),
);

/** The `frontendOpenOrders` answer. */
export const FrontendOpenOrdersAnswerSchema = z.array(FrontendOpenOrderItemSchema);

/** The TP/SL kind of a venue order type ("Stop Market", "Take Profit Limit"…), if it is one. */
function tpslOf(orderType: string): 'tp' | 'sl' | undefined {
  if (orderType.startsWith('Take Profit')) return 'tp';
  if (orderType.startsWith('Stop')) return 'sl';
  return undefined;
}

function toOpenOrder(item: FrontendOpenOrderItem): OpenOrder {
  const tpsl = tpslOf(item.orderType);
  return {
    coin: item.coin,
    oid: item.oid,
    ...(item.cloid ? { cloid: item.cloid.toLowerCase() as `0x${string}` } : {}),
    side: item.side === 'B' ? 'buy' : 'sell',
    size: item.sz,
    origSz: item.origSz,
    limitPx: item.limitPx,
    // The venue sends "0.0" for orders without a trigger: no price, not a price of 0.
    ...(item.isTrigger ? { triggerPx: item.triggerPx } : {}),
    isTrigger: item.isTrigger,
    ...(tpsl !== undefined ? { tpsl } : {}),
    reduceOnly: item.reduceOnly,
    isPositionTpsl: item.isPositionTpsl,
    timestamp: item.timestamp,
    children: item.children.map(toOpenOrder),
  };
}

/** The open orders in a `frontendOpenOrders` answer; throws a ZodError when it has another shape. */
export function toOpenOrders(answer: unknown): OpenOrder[] {
  return FrontendOpenOrdersAnswerSchema.parse(answer).map(toOpenOrder);
}
