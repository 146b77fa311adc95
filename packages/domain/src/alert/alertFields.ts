import { fieldRejected, type FieldResult } from './alertRejection.js';
import type { AlertAction, AlertOrderType, AlertTarget, AlertTimeInForce } from './alertSchema.js';
import { describeValue } from './describeValue.js';
import { mapSymbolToCoin } from './mapSymbolToCoin.js';

// Readers for each alert field. Shared conventions (documented in parseAlert):
// - a field that is missing, null, or blank text counts as not given, because TradingView
//   placeholders that resolve to nothing leave "" behind;
// - numbers may arrive as JSON numbers or as decimal text with surrounding spaces.

const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const MAX_ID_LENGTH = 200;

/** True when a field counts as not given: absent, null, or blank text. */
export function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A finite number from a JSON number or decimal text, else undefined. Hex, "Infinity" and "1,000" are refused. */
export function toFiniteNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!DECIMAL_TEXT.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * `symbol`: required; kept as written (trimmed) alongside the Hyperliquid coin it maps to. `field` is
 * the name the sender gave the ticker (another connector's format may call it "ticker" or "market").
 */
export function readSymbol(value: unknown, field = 'symbol'): FieldResult<{ symbol: string; coin: string }> {
  if (isAbsent(value)) {
    return fieldRejected('MISSING_SYMBOL', field, `Field "${field}" is required: the ticker to trade, such as "BTCUSDT" or "BINANCE:BTCUSDT.P".`);
  }
  const coin = typeof value === 'string' ? mapSymbolToCoin(value) : null;
  if (typeof value !== 'string' || coin === null) {
    return fieldRejected(
      'INVALID_SYMBOL',
      field,
      `Field "${field}" must be a ticker such as "BTC", "BTCUSDT" or "BINANCE:BTCUSDT.P"; got ${describeValue(value)}.`,
    );
  }
  return { ok: true, value: { symbol: value.trim(), coin } };
}

// TradingView's own words: {{strategy.market_position}} gives long | short | flat.
const ACTION_ALIASES: Readonly<Record<string, AlertAction>> = {
  buy: 'buy',
  sell: 'sell',
  close: 'close',
  cancel: 'cancel',
  update: 'update',
  long: 'buy',
  short: 'sell',
  flat: 'close',
};

/** `action`: required; buy | sell | close | cancel | update in any case, with long / short / flat as synonyms. */
export function readAction(value: unknown): FieldResult<AlertAction> {
  if (isAbsent(value)) {
    return fieldRejected('MISSING_ACTION', 'action', 'Field "action" is required: "buy", "sell", "close", "cancel" or "update".');
  }
  const key = typeof value === 'string' ? value.trim().toLowerCase() : '';
  // hasOwn, so that "constructor" or "toString" never resolve to Object.prototype members.
  const action = Object.hasOwn(ACTION_ALIASES, key) ? ACTION_ALIASES[key] : undefined;
  if (action === undefined) {
    return fieldRejected('INVALID_ACTION', 'action', `Field "action" must be "buy", "sell", "close", "cancel" or "update"; got ${describeValue(value)}.`);
  }
  return { ok: true, value: action };
}

/** `orderType`: market (the default) or limit, in any case. */
export function readOrderType(value: unknown): FieldResult<AlertOrderType> {
  if (isAbsent(value)) return { ok: true, value: 'market' };
  const type = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  if (type !== 'market' && type !== 'limit') {
    return fieldRejected('INVALID_ORDER_TYPE', 'orderType', `Field "orderType" must be "market" or "limit"; got ${describeValue(value)}.`);
  }
  return { ok: true, value: type };
}

// "post_only" and "PostOnly" are how other tools spell ALO.
const TIME_IN_FORCE: Readonly<Record<string, AlertTimeInForce>> = { gtc: 'GTC', ioc: 'IOC', alo: 'ALO', post_only: 'ALO', postonly: 'ALO' };

/** `timeInForce`: an optional GTC | IOC | ALO in any case ("post_only" is ALO). */
export function readTimeInForce(value: unknown): FieldResult<AlertTimeInForce | undefined> {
  if (isAbsent(value)) return { ok: true, value: undefined };
  const key = typeof value === 'string' ? value.trim().toLowerCase() : '';
  const tif = Object.hasOwn(TIME_IN_FORCE, key) ? TIME_IN_FORCE[key] : undefined;
  if (tif === undefined) {
    return fieldRejected(
      'UNSUPPORTED_VALUE',
      'timeInForce',
      `Field "timeInForce" must be "GTC" (rests until filled or cancelled), "IOC" (fills at once or not at all) or "ALO" (post-only); got ${describeValue(value)}.`,
    );
  }
  return { ok: true, value: tif };
}

/**
 * An optional positive number (size, price, stopLoss, takeProfit). `meaning` finishes the
 * sentence "must be a positive …", e.g. "number of USD".
 */
export function readPositiveNumber(value: unknown, field: string, meaning: string): FieldResult<number | undefined> {
  if (isAbsent(value)) return { ok: true, value: undefined };
  const n = toFiniteNumber(value);
  if (n === undefined || n <= 0) {
    return fieldRejected('INVALID_NUMBER', field, `Field "${field}" must be a positive ${meaning}; got ${describeValue(value)}.`);
  }
  return { ok: true, value: n };
}

/** `percent`: an optional share of a position, above 0 and at most 100, as a number or decimal text ("50", "12.5"). */
export function readPercent(value: unknown, field = 'percent'): FieldResult<number | undefined> {
  if (isAbsent(value)) return { ok: true, value: undefined };
  const n = toFiniteNumber(typeof value === 'string' ? value.trim().replace(/%$/, '') : value);
  if (n === undefined || n <= 0 || n > 100) {
    return fieldRejected(
      'INVALID_NUMBER',
      field,
      `Field "${field}" must be a percent above 0 and at most 100 (e.g. 50 or "50%"); got ${describeValue(value)}.`,
    );
  }
  return { ok: true, value: n };
}

/**
 * `breakEven`: an optional `{ activationPercent, offsetPercent }`: percents above 0 (the offset may
 * be 0, its default), the offset below the activation, so the stop moves only once it is in profit.
 */
export function readBreakEven(value: unknown): FieldResult<{ activationPercent: number; offsetPercent: number } | undefined> {
  if (isAbsent(value)) return { ok: true, value: undefined };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fieldRejected(
      'UNSUPPORTED_VALUE',
      'breakEven',
      `Field "breakEven" must be an object such as {"activationPercent": 1, "offsetPercent": 0.1}; got ${describeValue(value)}.`,
    );
  }
  const activation = readPercent(valueAt(value as Record<string, unknown>, 'activationPercent'), 'breakEven.activationPercent');
  if (!activation.ok) return activation;
  if (activation.value === undefined) {
    return fieldRejected(
      'INVALID_NUMBER',
      'breakEven.activationPercent',
      'Field "breakEven.activationPercent" is required: how far the price must move in your favour, in percent, before the stop moves.',
    );
  }
  const rawOffset = valueAt(value as Record<string, unknown>, 'offsetPercent');
  const offset = isAbsent(rawOffset) ? 0 : toFiniteNumber(rawOffset);
  if (offset === undefined || offset < 0 || offset >= activation.value) {
    return fieldRejected(
      'INVALID_NUMBER',
      'breakEven.offsetPercent',
      `Field "breakEven.offsetPercent" must be a percent from 0 up to below "activationPercent" (${activation.value}); got ${describeValue(rawOffset)}.`,
    );
  }
  return { ok: true, value: { activationPercent: activation.value, offsetPercent: offset } };
}

const LEVERAGE_TEXT = /^(.*?)\s*x$/i;

/** `leverage`: an optional whole number from 1 to 50; "3", " 3 " and "3x" all mean 3. Fractions are refused, not rounded. */
export function readLeverage(value: unknown): FieldResult<number | undefined> {
  if (isAbsent(value)) return { ok: true, value: undefined };
  const text = typeof value === 'string' ? value.trim().replace(LEVERAGE_TEXT, '$1') : value;
  const n = toFiniteNumber(text);
  if (n === undefined || !Number.isInteger(n) || n < 1 || n > 50) {
    return fieldRejected('INVALID_LEVERAGE', 'leverage', `Field "leverage" must be a whole number from 1 to 50 (e.g. 3 or "3x"); got ${describeValue(value)}.`);
  }
  return { ok: true, value: n };
}

/** `id`: the sender's optional alert id, text or number, at most 200 characters once trimmed. */
export function readId(value: unknown): FieldResult<string | undefined> {
  if (isAbsent(value)) return { ok: true, value: undefined };
  const id = typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
  if (id === undefined || id.length > MAX_ID_LENGTH) {
    return fieldRejected('INVALID_ID', 'id', `Field "id" must be a text or a number of at most ${MAX_ID_LENGTH} characters; got ${describeValue(value)}.`);
  }
  return { ok: true, value: id };
}

// TradingView's {{strategy.market_position}} says long, short or flat; TradersPost also writes bullish and bearish.
const TARGET_ALIASES: Readonly<Record<string, AlertTarget>> = { long: 'long', short: 'short', flat: 'flat', bullish: 'long', bearish: 'short' };

/**
 * `target`: an optional wanted position, long | short | flat in any case (bullish and bearish too).
 * `field` is the sender's name for it (TradersPost's "sentiment", TVAC's "position").
 */
export function readTarget(value: unknown, field = 'target'): FieldResult<AlertTarget | undefined> {
  if (isAbsent(value)) return { ok: true, value: undefined };
  const key = typeof value === 'string' ? value.trim().toLowerCase() : '';
  const target = Object.hasOwn(TARGET_ALIASES, key) ? TARGET_ALIASES[key] : undefined;
  if (target === undefined) {
    return fieldRejected(
      'INVALID_TARGET',
      field,
      `Field "${field}" must be "long", "short" or "flat": the position the alert wants; got ${describeValue(value)}.`,
    );
  }
  return { ok: true, value: target };
}

/**
 * `positionSize`: the wanted position as one signed number of coins (TradingView's
 * {{strategy.position_size}}): above 0 long, below 0 short, 0 flat.
 */
export function readPositionSize(value: unknown): FieldResult<{ target: AlertTarget; quantity?: number } | undefined> {
  if (isAbsent(value)) return { ok: true, value: undefined };
  const n = toFiniteNumber(value);
  if (n === undefined) {
    return fieldRejected(
      'INVALID_NUMBER',
      'positionSize',
      `Field "positionSize" must be a number of coins: above 0 long, below 0 short, 0 flat; got ${describeValue(value)}.`,
    );
  }
  if (n === 0) return { ok: true, value: { target: 'flat' } };
  return { ok: true, value: { target: n > 0 ? 'long' : 'short', quantity: Math.abs(n) } };
}

const PLACEHOLDER = /\{\{[^}]*\}\}/;

/**
 * The first of `fields` still holding a TradingView placeholder ("{{strategy.market_position}}"), which
 * TradingView fills in only in alerts made on a strategy (and `{{ticker}}`-style ones on any
 * chart): the alert would otherwise be refused for a value that was never the trader's. A field
 * may be a dotted path into nested objects ("order.amount").
 */
export function findUnfilledPlaceholder(payload: Record<string, unknown>, fields: readonly string[]): { field: string; text: string } | undefined {
  for (const field of fields) {
    const value = valueAt(payload, field);
    if (typeof value !== 'string') continue;
    const match = PLACEHOLDER.exec(value);
    if (match !== null) return { field, text: match[0] };
  }
  return undefined;
}

/**
 * The value at a dotted path ("order.amount") of nested plain objects, own properties only, so that
 * "constructor" or "__proto__" never resolve to prototype members; undefined when any step is missing.
 */
export function valueAt(payload: Readonly<Record<string, unknown>>, path: string): unknown {
  let value: unknown = payload;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
