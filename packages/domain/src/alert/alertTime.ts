import { fieldRejected, type FieldResult } from './alertRejection.js';
import { describeValue } from './describeValue.js';
import { isAbsent, toFiniteNumber } from './alertFields.js';

/**
 * The fields an alert may say when it was sent in, most trusted first: TradingView's `{{timenow}}`
 * (when the alert fired) under its own name, 3Commas's `timestamp`, then `time` (TradersPost's
 * template fills it with `{{timenow}}`; TradingView's own `{{time}}` is the bar's open).
 */
export const ALERT_TIME_FIELDS = ['timenow', 'timestamp', 'time'] as const;
/** One of ALERT_TIME_FIELDS. */
export type AlertTimeField = (typeof ALERT_TIME_FIELDS)[number];

// ISO 8601 as TradingView ("2024-05-01T12:00:00Z") and the peers write it; a space for the "T" and
// no zone (read as UTC, TradingView's zone) are accepted too.
const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
/** 2001-09-09 in Unix seconds: a smaller number is no alert's time, a larger one in seconds up to 2286. */
const EARLIEST_SECONDS = 1e9;
const MS_FROM = 1e11;

/**
 * Reads a time in any format TradingView or the peers send: ISO 8601 (with a zone, or none for
 * UTC), Unix seconds or milliseconds (a number or digits, a fraction allowed). Null when it reads
 * as none of them.
 */
export function readTime(value: unknown): number | null {
  const number = toFiniteNumber(value);
  if (number !== undefined) {
    if (number < EARLIEST_SECONDS) return null;
    return Math.round(number < MS_FROM ? number * 1000 : number);
  }
  if (typeof value !== 'string') return null;
  const match = ISO.exec(value.trim());
  if (match === null) return null;
  const [, y, mo, d, h, mi, s, fraction, zone] = match;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0), Math.round(Number(fraction ?? 0) * 1000));
  const check = new Date(utc);
  // Date.UTC rolls 2024-02-31 into March: such a date is no date.
  if (check.getUTCDate() !== Number(d) || check.getUTCMonth() !== Number(mo) - 1 || Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return null;
  if (zone === undefined || zone.toUpperCase() === 'Z') return utc;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return utc - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
}

/** When an alert says it was sent, as ISO, and the field that said it. */
export interface AlertSentAt {
  readonly sentAt: string;
  readonly sentAtField: AlertTimeField;
}

/**
 * The alert's own time, from the first of ALERT_TIME_FIELDS present; undefined when none is. A
 * field present but unreadable is refused by name: an age guard cannot weigh a time it cannot read.
 */
export function readAlertSentAt(field: (name: AlertTimeField) => unknown): FieldResult<AlertSentAt | undefined> {
  for (const name of ALERT_TIME_FIELDS) {
    const value = field(name);
    if (isAbsent(value)) continue;
    const at = readTime(value);
    if (at === null)
      return fieldRejected(
        'INVALID_TIME',
        name,
        `Field "${name}": ${describeValue(value)} is not a time hyperhook can read: send TradingView's {{timenow}} (ISO 8601) or Unix seconds or milliseconds.`,
      );
    return { ok: true, value: { sentAt: new Date(at).toISOString(), sentAtField: name } };
  }
  return { ok: true, value: undefined };
}

/** 3Commas's `max_lag`: the oldest, in whole seconds, the sender wants its alert traded. */
export function readMaxLag(value: unknown, name: string): FieldResult<number | undefined> {
  if (isAbsent(value)) return { ok: true, value: undefined };
  const seconds = toFiniteNumber(value);
  if (seconds === undefined || seconds < 1 || seconds > 86_400)
    return fieldRejected('INVALID_NUMBER', name, `Field "${name}": ${describeValue(value)} is not a number of seconds from 1 to 86400.`);
  return { ok: true, value: Math.floor(seconds) };
}
