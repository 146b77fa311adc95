import { fieldRejected, type FieldResult } from './alertRejection.js';
import { isAbsent, toFiniteNumber, valueAt } from './alertFields.js';
import { LADDER_ORDERS, MAX_CANCEL_AFTER_MINUTES, type AlertLadder } from './alertSchema.js';
import { describeValue } from './describeValue.js';

// Readers of the fields of a resting limit entry (issue 41): when it is cancelled, and a ladder.
// Whether the rest of the alert allows them is readNativeAlert's to say.

/** `cancelAfterMinutes`: an optional number of minutes above 0 and at most 30 days (43,200). */
export function readCancelAfterMinutes(value: unknown): FieldResult<number | undefined> {
  if (isAbsent(value)) return { ok: true, value: undefined };
  const n = toFiniteNumber(value);
  if (n === undefined || n <= 0 || n > MAX_CANCEL_AFTER_MINUTES) {
    return fieldRejected(
      'INVALID_NUMBER',
      'cancelAfterMinutes',
      `Field "cancelAfterMinutes" must be a number of minutes above 0 and at most ${MAX_CANCEL_AFTER_MINUTES.toLocaleString('en-US')} (30 days); got ${describeValue(value)}.`,
    );
  }
  return { ok: true, value: n };
}

/**
 * `ladder`: an optional `{ from, to, orders }`: two positive prices that differ and a whole number of
 * orders from 2 to 20.
 */
export function readLadder(value: unknown): FieldResult<AlertLadder | undefined> {
  if (isAbsent(value)) return { ok: true, value: undefined };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fieldRejected(
      'UNSUPPORTED_VALUE',
      'ladder',
      `Field "ladder" must be an object such as {"from": 3400, "to": 3300, "orders": 5}; got ${describeValue(value)}.`,
    );
  }
  const fields = value as Record<string, unknown>;
  const price = (key: 'from' | 'to'): FieldResult<number> => {
    const n = toFiniteNumber(valueAt(fields, key));
    return n === undefined || n <= 0
      ? fieldRejected('INVALID_NUMBER', `ladder.${key}`, `Field "ladder.${key}" must be a positive price; got ${describeValue(valueAt(fields, key))}.`)
      : { ok: true, value: n };
  };
  const from = price('from');
  if (!from.ok) return from;
  const to = price('to');
  if (!to.ok) return to;
  if (from.value === to.value) {
    return fieldRejected('UNSUPPORTED_VALUE', 'ladder.to', `Fields "ladder.from" and "ladder.to" must differ: a ladder spreads its orders between two prices.`);
  }
  const orders = toFiniteNumber(valueAt(fields, 'orders'));
  if (orders === undefined || !Number.isInteger(orders) || orders < LADDER_ORDERS.min || orders > LADDER_ORDERS.max) {
    return fieldRejected(
      'INVALID_NUMBER',
      'ladder.orders',
      `Field "ladder.orders" must be a whole number from ${LADDER_ORDERS.min} to ${LADDER_ORDERS.max}; got ${describeValue(valueAt(fields, 'orders'))}.`,
    );
  }
  return { ok: true, value: { from: from.value, to: to.value, orders } };
}
