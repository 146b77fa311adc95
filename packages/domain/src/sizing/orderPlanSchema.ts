import { z } from 'zod';
import { CloidSchema } from '../exchange/cloidSchema.js';
import { isValidPerpPrice } from '../exchange/isValidPerpPrice.js';
import { isValidSize } from '../exchange/isValidSize.js';
import { WireDecimalSchema } from '../exchange/wireDecimalSchema.js';

/**
 * A reduce-only market trigger riding on the entry (`normalTpsl`): it closes the entry's size on
 * the opposite side when the mark price crosses `triggerPx`; `price` is its limit, 10 % beyond
 * the trigger, as the exchange executes market triggers with that much slippage.
 */
export const OrderPlanChildSchema = z.object({
  kind: z.enum(['tp', 'sl']),
  triggerPx: WireDecimalSchema,
  price: WireDecimalSchema,
  isBuy: z.boolean(),
  size: WireDecimalSchema,
});
/** A take-profit or stop-loss child order. */
export type OrderPlanChild = z.infer<typeof OrderPlanChildSchema>;

/**
 * One order of a ladder (issue 41, point 2): a resting limit at its own price and size, with its
 * own client order id, derived from the signal and the order's place in the ladder.
 */
export const OrderPlanLegSchema = z.object({
  price: WireDecimalSchema,
  size: WireDecimalSchema,
  cloid: CloidSchema,
});
/** A ladder's order. */
export type OrderPlanLeg = z.infer<typeof OrderPlanLegSchema>;

/**
 * Everything the executor signs for one alert, and the sizing that led to it, so the log and an
 * auditor can check every number. Prices and sizes are wire text; refinements re-check them
 * against `szDecimals`, so a plan read back from an event is known to be sendable.
 */
export const OrderPlanSchema = z
  .object({
    coin: z.string().min(1),
    /** The `a` field of the order action: the coin's index in meta.universe. */
    assetId: z.number().int().min(0),
    szDecimals: z.number().int().min(0).max(6),
    isBuy: z.boolean(),
    /** The limit price: the slippage guard for market orders and closes, the rounded limit for limits. */
    price: WireDecimalSchema,
    size: WireDecimalSchema,
    /** True only for closes. */
    reduceOnly: z.boolean(),
    /** Ioc: market orders, closes and IOC limits; Gtc: a resting limit; Alo: a post-only limit (issue 41). */
    tif: z.enum(['Ioc', 'Gtc', 'Alo']),
    /** `limit` for a limit entry, whatever its time in force; absent on plans recorded before issue 41 (Gtc was the only limit). */
    orderType: z.enum(['market', 'limit']).optional(),
    cloid: CloidSchema,
    /** Leverage to hold on the coin (the executor calls updateLeverage when the account differs). */
    leverage: z.number().int().min(1).max(50),
    /** True when the wanted leverage was above the coin's maximum (or 50) and was lowered. */
    leverageClamped: z.boolean(),
    /**
     * `normalTpsl`: the children ride on the entry (a resting limit). `na` with children: an IOC
     * entry whose TP/SL the executor places after the fill as standalone reduce-only triggers
     * covering the strategy's position (issue 39, point 3); plans recorded before that grouped them.
     */
    grouping: z.enum(['na', 'normalTpsl']),
    /** Take-profit first, then stop-loss, the order the exchange expects after the entry. */
    children: z.array(OrderPlanChildSchema).max(2),
    /** The USD amount asked for (payload size or Settings); null for closes, which take the whole position. */
    requestedUsd: z.number().min(0).nullable(),
    /** The requested amount after Max Position Size and balance caps; null for closes. */
    amountUsd: z.number().min(0).nullable(),
    /** amountUsd × leverage for entries; the position's value at mid for closes. */
    notionalUsd: z.number().min(0),
    /** size × referencePrice: what the truncated size is actually worth. */
    orderNotionalUsd: z.number().min(0),
    /** The price the size was computed from: mid for market orders and closes, the rounded limit price for limits, a ladder's average price. */
    referencePrice: WireDecimalSchema,
    /**
     * A ladder's orders, sent in one action (issue 41): `price`, `size` and `cloid` above are then
     * its first order's price, the ladder's whole size and its first order's cloid (the signal's,
     * what OrderSubmitted records). Absent: one order.
     */
    ladder: z.array(OrderPlanLegSchema).min(2).max(20).optional(),
  })
  .superRefine((plan, ctx) => {
    const problem = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (!isValidPerpPrice(plan.price, plan.szDecimals)) problem(['price'], `not a valid perp price for szDecimals ${plan.szDecimals}`);
    if (!isValidSize(plan.size, plan.szDecimals)) problem(['size'], `not a valid size for szDecimals ${plan.szDecimals}`);
    if (plan.grouping === 'normalTpsl' && plan.children.length === 0) problem(['grouping'], 'normalTpsl needs children');
    plan.ladder?.forEach((leg, i) => {
      if (!isValidPerpPrice(leg.price, plan.szDecimals)) problem(['ladder', i, 'price'], 'not a valid perp price');
      if (!isValidSize(leg.size, plan.szDecimals)) problem(['ladder', i, 'size'], 'not a valid size');
    });
    if (plan.ladder !== undefined && plan.ladder[0]?.cloid !== plan.cloid) problem(['ladder', 0, 'cloid'], "must be the plan's cloid");
    plan.children.forEach((child, i) => {
      if (!isValidPerpPrice(child.triggerPx, plan.szDecimals)) problem(['children', i, 'triggerPx'], 'not a valid perp price');
      if (!isValidPerpPrice(child.price, plan.szDecimals)) problem(['children', i, 'price'], 'not a valid perp price');
      if (child.isBuy === plan.isBuy) problem(['children', i, 'isBuy'], 'must be the opposite side of the entry');
      if (child.size !== plan.size) problem(['children', i, 'size'], 'must equal the entry size');
    });
  });
/** An order plan. */
export type OrderPlan = z.infer<typeof OrderPlanSchema>;

/** A limit entry, whatever its time in force; a plan recorded before `orderType` was a limit when it rested (Gtc). */
export function isLimitPlan(plan: Pick<OrderPlan, 'tif' | 'orderType'>): boolean {
  return plan.orderType !== undefined ? plan.orderType === 'limit' : plan.tif !== 'Ioc';
}
