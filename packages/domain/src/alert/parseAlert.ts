import { z } from 'zod';
import { alertRejection } from './alertRejection.js';
import { AlertRejectionSchema, ParsedAlertSchema, type AlertRejection } from './alertSchema.js';
import { findUnfilledPlaceholder } from './alertFields.js';
import { decodeAlertBody } from './decodeAlertBody.js';
import { detectAlertFormat, UNDERSTOOD_FORMATS } from './formats/detectAlertFormat.js';
import { readNativeAlert } from './readNativeAlert.js';
import { readAlertSentAt, readMaxLag } from './alertTime.js';
import { valueAt } from './alertFields.js';
import type { FieldResult } from './alertRejection.js';
import type { ParsedAlert } from './alertSchema.js';

/** What parseAlert answers: the alert plus every field received, or a rejection plus what can be logged. */
export const ParseAlertResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), alert: ParsedAlertSchema, payload: z.record(z.string(), z.unknown()) }),
  z.object({ ok: z.literal(false), rejection: AlertRejectionSchema, payload: z.unknown() }),
]);
/** The result of parseAlert. */
export type ParseAlertResult = z.infer<typeof ParseAlertResultSchema>;

/**
 * Parses a webhook body into a ParsedAlert. Never throws: every problem becomes a rejection with a
 * stable code, the field at fault and a sentence naming it.
 *
 * - The body may be JSON text (whatever the content type, BOM and whitespace ignored), bytes,
 *   or an already-parsed object; see decodeAlertBody.
 * - `symbol` and `action` are required; `orderType` defaults to market; a limit order needs `price`.
 * - `action`: buy | sell | close in any case; long, short and flat (TradingView's position words)
 *   mean buy, sell and close.
 * - `target`: long | short | flat (bullish, bearish too): the position the alert wants; then
 *   `action` may be left out. `positionSize` (signed coins, TradingView's
 *   {{strategy.position_size}}) says both target and size. `quantity`: a size in coins (the
 *   wanted position of a target alert, the part a close closes, else the order's).
 * - `timeInForce`: a limit order's GTC (default) | IOC | ALO (post-only), any case; only IOC on a
 *   market order or a close, which fill at once.
 * - `cancelAfterMinutes`: a resting limit entry (GTC or ALO, or a ladder) is cancelled this many
 *   minutes after it rested (above 0, at most 43,200).
 * - `ladder`: `{ from, to, orders }` splits a buy or sell into 2..20 resting limits at evenly spaced
 *   prices; it implies a limit and takes no `price`, IOC or stopLoss / takeProfit.
 * - `percent`: with `close` only, the part of the position to close (above 0, at most 100; "50%"
 *   too); not with `quantity`.
 * - A field still holding a TradingView placeholder ("{{...}}") is refused by name.
 * - `size` (USD), `price`, `stopLoss`, `takeProfit`: positive numbers, as numbers or decimal text.
 * - `leverage`: a whole number 1–50, as a number, "3" or "3x".
 * - `id`: text or a number, kept as text, for spotting re-deliveries.
 * - A field that is null or blank text counts as not given. Field names are case-sensitive.
 * - Fields are checked in the order above and the first problem is reported.
 * - Unknown fields are ignored but stay in `payload`, so the log shows everything that was sent.
 * - A `price` on a market order is kept (the log shows it) but not traded on.
 * - `close` closes the position at market (all of it, or the part `percent` or `quantity` say), so
 *   it needs no price even when `orderType` says limit.
 * - Alerts written for other connectors are read too (issue 29, point 3): TradersPost's, the
 *   3Commas signal bot's, TVAC's, `side` in place of `action`, and PineConnector-style comma text.
 *   Each is recognised by its own fields (see detectAlertFormat), translated into the fields above
 *   where the meaning is the same, refused by name where it is not, and then read by the same rules;
 *   the alert's `format` says which it was. `payload` stays what was sent (for comma text, its parts).
 * - `timenow`, `timestamp` or `time` (the first present; in any format, see readTime): when the
 *   alert was sent, for the strategy's age guard; `max_lag` (3Commas) or `maxLag`: the sender's own
 *   age limit in seconds. These are read in every format; an unreadable one is refused by name.
 * - A body in no format (no `symbol` nor another format's ticker) is refused on "symbol", naming the
 *   formats understood.
 */
export function parseAlert(body: unknown, contentType?: string): ParseAlertResult {
  const decoded = decodeAlertBody(body, contentType);
  if (!decoded.ok) return decoded;
  const { payload } = decoded;
  const refuse = (rejection: AlertRejection): ParseAlertResult => ({ ok: false, rejection, payload });

  const format = detectAlertFormat(payload, decoded.commaText === true);
  const unfilled = findUnfilledPlaceholder(payload, format.reads);
  if (unfilled !== undefined) {
    return refuse(
      alertRejection(
        'UNFILLED_PLACEHOLDER',
        `Field "${unfilled.field}" holds ${unfilled.text}, a TradingView placeholder that was never filled in. ` +
          'TradingView fills {{strategy.…}} placeholders only in alerts created on a strategy (not on an indicator or a drawing); check the alert message.',
        unfilled.field,
      ),
    );
  }
  const translated = format.translate(payload);
  if (!translated.ok) return refuse(translated.rejection);
  const read = readNativeAlert(translated.fields, translated.names);
  if (!read.ok) {
    const { rejection } = read;
    // No format's distinctive field is there: say which formats are understood.
    if (format.format === 'native' && rejection.code === 'MISSING_SYMBOL')
      return refuse({ ...rejection, message: `${rejection.message} ${UNDERSTOOD_FORMATS}` });
    return refuse(rejection);
  }
  const timing = readAlertTiming(payload);
  if (!timing.ok) return refuse(timing.rejection);
  const alert = { ...(format.format === 'native' ? read.value : { ...read.value, format: format.format }), ...timing.value };
  return { ok: true, alert, payload };
}

/** The alert's own time and age limit (issue 42), read the same whatever the format. */
function readAlertTiming(payload: Record<string, unknown>): FieldResult<Pick<ParsedAlert, 'sentAt' | 'sentAtField' | 'maxLag'>> {
  const sent = readAlertSentAt((name) => valueAt(payload, name));
  if (!sent.ok) return sent;
  const lagName = Object.hasOwn(payload, 'max_lag') ? 'max_lag' : 'maxLag';
  const lag = readMaxLag(valueAt(payload, lagName), lagName);
  if (!lag.ok) return lag;
  return { ok: true, value: { ...sent.value, ...(lag.value === undefined ? {} : { maxLag: lag.value }) } };
}
