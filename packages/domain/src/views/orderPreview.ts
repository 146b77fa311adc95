import { z } from 'zod';
import { OrderPlanSchema } from '../sizing/orderPlanSchema.js';
import { StrategyVenueSchema } from '../eventModel/strategyIds.js';
import { ProtectionPlanPreviewSchema } from '../protection/protectionPlanPreviewSchema.js';

/** The exchange network an order would go to: the one of the user's saved keys. */
export const NetworkSchema = z.enum(['mainnet', 'testnet']);

/**
 * `POST /api/orders/preview`: what the executor would send for an alert right now, or exactly why
 * it would not. A refusal is a normal answer (200), not an HTTP error: it is the preview's result.
 */
export const OrderPreviewSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    network: NetworkSchema,
    /** `paper`: the order would fill on the strategy's paper account (at mainnet's prices), not on the exchange. */
    venue: StrategyVenueSchema,
    /** The coin's mid price the plan was sized and guarded on (null when the exchange gave none). */
    mid: z.number().nullable(),
    /** The order(s) exactly as they would be signed: entry, then take-profit and stop-loss legs. */
    plan: OrderPlanSchema,
    /** The margin the order would use: its notional ÷ leverage (0 for a reduce-only close). */
    marginUsd: z.number().min(0),
    /** The protection plan that follows the entry (issue 41 §2): take-profits, trail, break-even; absent when the alert asks for none. */
    protection: ProtectionPlanPreviewSchema.optional(),
  }),
  z.object({
    ok: z.literal(false),
    /** Where the alert stopped: it did not parse, there are no keys, the exchange could not be read, or a rule refused it. */
    stage: z.enum(['parse', 'keys', 'market', 'plan']),
    /** A stable code (the parser's or planOrder's, or NO_CREDENTIALS, UNKNOWN_COIN, EXCHANGE_UNAVAILABLE). */
    code: z.string(),
    /** The sentence the log would show. */
    message: z.string(),
    /** The alert field at fault, for parse refusals. */
    field: z.string().optional(),
  }),
]);
/** An order preview. */
export type OrderPreview = z.infer<typeof OrderPreviewSchema>;

/** `GET /api/market/:coin`: a coin's mid price on the user's network, for the Settings tab's slippage guard. */
export const MarketViewSchema = z.object({
  coin: z.string(),
  network: NetworkSchema,
  mid: z.number(),
  szDecimals: z.number().int().min(0).max(6),
  maxLeverage: z.number().int().min(1),
});
/** A market view. */
export type MarketView = z.infer<typeof MarketViewSchema>;
