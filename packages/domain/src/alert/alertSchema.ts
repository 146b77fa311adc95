import { z } from 'zod';
import { TakeProfitAskSchema, TrailingStopAskSchema, MAX_TAKE_PROFITS } from './exitSchemas.js';
import { IsoTimestampSchema } from '../eventModel/primitives.js';
import { ALERT_TIME_FIELDS } from './alertTime.js';

/**
 * Alert actions of spec §3: open long, open short, or close the position (or a part of it); and
 * (issue 41) cancel the strategy's resting orders in the coin, keeping its protection, or update
 * the protection of its open position.
 */
export const AlertActionSchema = z.enum(['buy', 'sell', 'close', 'cancel', 'update']);
/** buy | sell | close | cancel | update. */
export type AlertAction = z.infer<typeof AlertActionSchema>;

/**
 * The position a target alert wants in its coin: long, short or flat. The executor sends only the
 * difference from the position the account holds (open, add, reduce, close or flip).
 */
export const AlertTargetSchema = z.enum(['long', 'short', 'flat']);
/** long | short | flat. */
export type AlertTarget = z.infer<typeof AlertTargetSchema>;

/** Order types a payload may ask for (decided in ARCHITECTURE §9): market (default) or limit. */
export const AlertOrderTypeSchema = z.enum(['market', 'limit']);
/** market | limit. */
export type AlertOrderType = z.infer<typeof AlertOrderTypeSchema>;

/**
 * How long a limit order stays (issue 41, point 1): GTC rests until it fills or is cancelled (the
 * default), IOC fills what it can at once and cancels the rest, ALO (post-only) only ever rests,
 * paying maker fees, and is refused by the venue when it would fill at once.
 */
export const AlertTimeInForceSchema = z.enum(['GTC', 'IOC', 'ALO']);
/** GTC | IOC | ALO. */
export type AlertTimeInForce = z.infer<typeof AlertTimeInForceSchema>;

/** Longest wait `cancelAfterMinutes` may ask for: 30 days (issue 41). */
export const MAX_CANCEL_AFTER_MINUTES = 43_200;
/** Fewest and most orders a ladder splits an entry into (issue 41). */
export const LADDER_ORDERS = { min: 2, max: 20 } as const;

/**
 * A limit entry split into `orders` resting limit orders at evenly spaced prices from `from` to `to`
 * (issue 41, point 2), the size split evenly between them.
 */
export const AlertLadderSchema = z.object({
  from: z.number().positive(),
  to: z.number().positive(),
  orders: z.number().int().min(LADDER_ORDERS.min).max(LADDER_ORDERS.max),
});
/** A ladder of limit orders. */
export type AlertLadder = z.infer<typeof AlertLadderSchema>;

/**
 * The other connectors' alert formats hyperhook reads (issue 29, point 3): TradersPost, the 3Commas
 * signal bot, TVAC (tradingview-alert-connector), `side` instead of `action`, and PineConnector-style
 * comma text. hyperhook's own format has no id here: its alerts carry no `format`.
 */
export const AlertFormatSchema = z.enum(['tradersPost', 'threeCommas', 'tvac', 'side', 'pineConnector']);
/** tradersPost | threeCommas | tvac | side | pineConnector. */
export type AlertFormat = z.infer<typeof AlertFormatSchema>;

/**
 * A webhook alert after parsing and normalisation: the shape the executor trades on.
 * `symbol` keeps what the sender wrote; `coin` is the Hyperliquid coin it maps to.
 * `size` is a USD amount and, with `leverage`, overrides Settings for this alert.
 */
export const ParsedAlertSchema = z.object({
  symbol: z.string().min(1),
  coin: z.string().min(1),
  action: AlertActionSchema,
  orderType: AlertOrderTypeSchema,
  size: z.number().positive().optional(),
  price: z.number().positive().optional(),
  stopLoss: z.number().positive().optional(),
  takeProfit: z.number().positive().optional(),
  leverage: z.number().int().min(1).max(50).optional(),
  /** The sender's own alert id, used to detect re-deliveries. */
  id: z.string().min(1).max(200).optional(),
  /**
   * A target alert's wanted position; `action` then only names its direction for the log (long:
   * buy, short: sell, flat: close).
   */
  target: AlertTargetSchema.optional(),
  /**
   * A size in coins: the wanted position's size of a target alert (TradingView's market_position_size),
   * the part of the position a close closes, else the order's size.
   */
  quantity: z.number().positive().optional(),
  /**
   * Move the stop to break-even (issue 41): once the price has moved `activationPercent` from the
   * entry in the position's favour, the stop goes to the entry moved `offsetPercent` the same way.
   */
  breakEven: z.object({ activationPercent: z.number().positive().max(100), offsetPercent: z.number().min(0).max(100) }).optional(),
  /** Several take-profits (issue 41), each closing its part of the position; never with `takeProfit`. */
  takeProfits: z.array(TakeProfitAskSchema).min(1).max(MAX_TAKE_PROFITS).optional(),
  /** A stop that follows the price (issue 41), moved by hyperhook in coarse steps; a real stop is always live at the venue. */
  trailingStop: TrailingStopAskSchema.optional(),
  /** A limit order's time in force; absent: GTC. */
  timeInForce: AlertTimeInForceSchema.optional(),
  /** A resting limit entry is cancelled this many minutes after it rested, if still (partly) unfilled (issue 41). */
  cancelAfterMinutes: z.number().positive().max(MAX_CANCEL_AFTER_MINUTES).optional(),
  /** The entry as a ladder of resting limit orders (issue 41); it then has no `price` of its own and is a limit. */
  ladder: AlertLadderSchema.optional(),
  /** The part of the strategy's position a close closes, in percent (above 0, at most 100); absent: all of it. */
  percent: z.number().positive().max(100).optional(),
  /** The other connector's format the alert was written in, so the log can say so; absent for hyperhook's own. */
  format: AlertFormatSchema.optional(),
  /** When the alert says it was sent (issue 42): `timenow`, `timestamp` or `time`, read into ISO. */
  sentAt: IsoTimestampSchema.optional(),
  /** The field `sentAt` was read from, so an age refusal can name it. */
  sentAtField: z.enum(ALERT_TIME_FIELDS).optional(),
  /** The sender's own age limit in seconds (3Commas `max_lag`): an older entry is refused as the strategy's age guard would. */
  maxLag: z.number().int().min(1).max(86_400).optional(),
});
/** A parsed, normalised alert. */
export type ParsedAlert = z.infer<typeof ParsedAlertSchema>;

/** Stable codes for every way an alert can be refused by the parser. */
export const AlertRejectionCodeSchema = z.enum([
  'EMPTY_BODY',
  'BODY_TOO_LARGE',
  'INVALID_JSON',
  'NOT_AN_OBJECT',
  'MISSING_SYMBOL',
  'INVALID_SYMBOL',
  'MISSING_ACTION',
  'INVALID_ACTION',
  'INVALID_ORDER_TYPE',
  'INVALID_NUMBER',
  'LIMIT_WITHOUT_PRICE',
  'INVALID_LEVERAGE',
  'INVALID_ID',
  'INVALID_TARGET',
  'UNFILLED_PLACEHOLDER',
  'UNSUPPORTED_VALUE',
  'INVALID_TIME',
  // Refused by intake before reading the alert (issue 32, point 2): logged so its owner sees it.
  'RATE_LIMITED',
  'SOURCE_NOT_ALLOWED',
]);
/** A rejection code. */
export type AlertRejectionCode = z.infer<typeof AlertRejectionCodeSchema>;

/** Why an alert was refused: a stable code, the field at fault when there is one, and a sentence for people. */
export const AlertRejectionSchema = z.object({
  code: AlertRejectionCodeSchema,
  field: z.string().optional(),
  message: z.string().min(1),
});
/** A parser rejection. */
export type AlertRejection = z.infer<typeof AlertRejectionSchema>;
