import { z } from 'zod';
import { ALERT_MAX_BODY_BYTES } from '../alert/decodeAlertBody.js';
import { StrategyIdSchema } from '../eventModel/strategyIds.js';

/**
 * The body of `POST /api/keys`. Fields are loosely typed on purpose: the domain's
 * validateCredentialsInput trims and checks them and answers with the spec's own messages.
 */
export const SaveKeysBodySchema = z.object({
  hyperliquidApiKey: z.string().max(200).optional(),
  hyperliquidPrivateKey: z.string().max(200).optional(),
  accountAddress: z.string().max(200).optional(),
  isTestnet: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
});
/** A key save. */
export type SaveKeysBody = z.input<typeof SaveKeysBodySchema>;

/**
 * The body of `PUT /api/settings` and `PUT /api/strategies/:id/settings`: the three groups must be
 * objects; their fields are checked by the decider (validateSettings), whose messages name the
 * field as the form labels it.
 */
export const SettingsBodySchema = z.object({
  positionSizing: z.record(z.string(), z.unknown()),
  riskLimits: z.record(z.string(), z.unknown()),
  trading: z.record(z.string(), z.unknown()),
});
/** A settings save. */
export type SettingsBody = z.input<typeof SettingsBodySchema>;

/** `?strategyId=` of the account routes: the account of that strategy (a paper one's own), absent the real account. */
export const StrategyAccountQuerySchema = z.object({
  strategyId: StrategyIdSchema.optional().describe(
    'a strategy\'s id: a paper strategy answers its paper account (venue "paper"), a live one the Hyperliquid account',
  ),
});

/** `?strategyId=` of `GET /api/orders/paper`: the paper strategy whose paper account's resting orders are listed. */
export const PaperOrdersQuerySchema = z.object({
  strategyId: StrategyIdSchema.describe("a paper strategy's id: the orders resting on its paper account"),
});

/** The query of `GET /api/balance`. */
export const BalanceQuerySchema = StrategyAccountQuerySchema.extend({
  refresh: z.enum(['true', 'false']).optional().describe('"true" reads the account from the exchange first (the Refresh Balance button, TAB-SET-08)'),
});

/** `GET /api/market/:coin`: a coin or a ticker as alert sources write it ("BTC", "BINANCE:BTCUSDT.P", "1000PEPEUSDT"). */
export const MarketParamsSchema = z.object({ coin: z.string().min(1).max(64).describe('A Hyperliquid coin or a TradingView ticker') });

/**
 * The body of `POST /api/orders/preview`: the alert exactly as an alert source would post it, its
 * text (JSON, or TradingView's text/plain JSON) or an object. Its fields are checked by the
 * domain's parser, so a bad field is a parse refusal of the preview (200), named like the webhook
 * log would name it, not a 400.
 */
export const OrderPreviewBodySchema = z.object({
  alert: z.union([z.string().max(ALERT_MAX_BODY_BYTES), z.record(z.string(), z.unknown())]).describe('The alert message, as text or as a JSON object'),
  strategyId: StrategyIdSchema.optional().describe('The strategy whose settings and paused state apply (default: the first strategy)'),
});
/** An order preview request. */
export type OrderPreviewBody = z.input<typeof OrderPreviewBodySchema>;

/** What the trader types to confirm closing every open position. */
export const CLOSE_ALL_CONFIRMATION = 'CLOSE ALL';

/** The body of `POST /api/positions/close-all`. */
export const CloseAllBodySchema = z.object({ confirm: z.string().max(100).describe(`"${CLOSE_ALL_CONFIRMATION}", typed by the trader`) });
/** A close-all request. */
export type CloseAllBody = z.input<typeof CloseAllBodySchema>;
