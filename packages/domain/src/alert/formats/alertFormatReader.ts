import { alertRejection } from '../alertRejection.js';
import type { AlertFormat, AlertRejection, AlertRejectionCode } from '../alertSchema.js';
import type { NativeFields, SenderNames } from '../readNativeAlert.js';

/**
 * Another format's fields as hyperhook's own (then read and checked like any native alert), with
 * the sender's names for them; or why the alert cannot be translated without changing its meaning.
 */
export type Translation = { ok: true; fields: NativeFields; names?: SenderNames } | { ok: false; rejection: AlertRejection };

/** One alert format: how to recognise it and how to translate it into hyperhook's own fields. */
export interface AlertFormatReader {
  /** The format's id for ParsedAlert.format; 'native' for hyperhook's own. */
  readonly format: AlertFormat | 'native';
  /** The fields it reads, as dotted paths: those are checked for unfilled TradingView placeholders. */
  readonly reads: readonly string[];
  /** True when the payload carries the format's distinctive fields. */
  recognises(payload: Readonly<Record<string, unknown>>): boolean;
  translate(payload: Readonly<Record<string, unknown>>): Translation;
}

/** A refusal of the alert on one of its fields. */
export function refused(code: AlertRejectionCode, field: string, message: string): Translation {
  return { ok: false, rejection: alertRejection(code, message, field) };
}

/** A refusal of a value that would change meaning if translated: names the field and what to send instead. */
export function unsupported(field: string, message: string): Translation {
  return refused('UNSUPPORTED_VALUE', field, message);
}

/** True when the payload has an own field of this name, whatever its value. */
export function hasField(payload: Readonly<Record<string, unknown>>, name: string): boolean {
  return Object.hasOwn(payload, name);
}
