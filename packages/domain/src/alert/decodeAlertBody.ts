import { alertRejection } from './alertRejection.js';
import type { AlertRejection } from './alertSchema.js';
import { describeValue } from './describeValue.js';
import { splitPineConnectorText } from './formats/pineConnectorText.js';
import { parseLenientJson } from './parseLenientJson.js';
import { utf8ByteLength } from '../shared/utf8.js';

/**
 * Largest webhook body accepted, in bytes. A real alert is a few hundred bytes; the api should set
 * its own body limit to this so oversized bodies are refused before they are buffered.
 */
export const ALERT_MAX_BODY_BYTES = 65536;

/** Characters of an oversized body kept for the log: enough to recognise it, not to store it. */
const OVERSIZED_PREVIEW_CHARS = 1024;

/** The outcome of decodeAlertBody: the alert's fields as an object, or why there is no object. */
export type DecodedAlertBody = { ok: true; payload: Record<string, unknown>; commaText?: true } | { ok: false; rejection: AlertRejection; payload: unknown };

const EXAMPLE = '{"symbol":"BTCUSDT","action":"buy"}';

/**
 * Turns whatever the webhook delivered into a plain object of alert fields. Text (or bytes) is
 * parsed as JSON whatever the content type says, since TradingView labels non-strict JSON
 * text/plain; a BOM and surrounding whitespace are ignored, and a JSON string that itself holds
 * a JSON object (double-encoded by some relays) is unwrapped once. Text that is not JSON but a
 * PineConnector-style comma message ("buy,ETH") comes out as its parts, marked `commaText`. An
 * already-parsed object is copied. On failure, `payload` is what can safely be logged.
 */
export function decodeAlertBody(body: unknown, contentType?: string): DecodedAlertBody {
  if (body === undefined || body === null) return empty(null);
  if (body instanceof Uint8Array || body instanceof ArrayBuffer) {
    const bytes = body instanceof ArrayBuffer ? new Uint8Array(body) : body;
    if (bytes.byteLength > ALERT_MAX_BODY_BYTES) {
      return tooLarge(bytes.byteLength, new TextDecoder().decode(bytes.subarray(0, OVERSIZED_PREVIEW_CHARS)));
    }
    return decodeText(new TextDecoder().decode(bytes), contentType);
  }
  if (typeof body === 'string') {
    const bytes = body.length > ALERT_MAX_BODY_BYTES ? body.length : utf8ByteLength(body);
    if (bytes > ALERT_MAX_BODY_BYTES) return tooLarge(utf8ByteLength(body), body.slice(0, OVERSIZED_PREVIEW_CHARS));
    return decodeText(body, contentType);
  }
  return fromValue(body, body);
}

function decodeText(raw: string, contentType: string | undefined): DecodedAlertBody {
  // trim() also drops a byte-order mark: U+FEFF counts as whitespace in JavaScript.
  const text = raw.trim();
  if (text === '') return empty(raw);
  const parsed = parseLenientJson(text);
  if (!parsed.ok) {
    const commaText = splitPineConnectorText(text);
    if (commaText !== undefined) return { ok: true, payload: commaText, commaText: true };
    const sentAs = contentType ? ` (sent as ${contentType.split(';')[0]?.trim()})` : '';
    return {
      ok: false,
      rejection: alertRejection(
        'INVALID_JSON',
        `The request body${sentAs} is not valid JSON: ${parsed.error}. Write the alert message as a JSON object such as ${EXAMPLE}, with double quotes around names and text.`,
      ),
      payload: text,
    };
  }
  if (typeof parsed.value === 'string' && parsed.value.trim().startsWith('{')) {
    const inner = parseLenientJson(parsed.value.trim());
    if (inner.ok) return fromValue(inner.value, text);
  }
  return fromValue(parsed.value, text);
}

function fromValue(value: unknown, original: unknown): DecodedAlertBody {
  if (isPlainObject(value)) return { ok: true, payload: { ...value } };
  return {
    ok: false,
    rejection: alertRejection(
      'NOT_AN_OBJECT',
      `The request body must be a JSON object with fields such as "symbol" and "action"; got ${describeValue(value)}.`,
    ),
    payload: loggable(original),
  };
}

/** Keeps what can go into an event as JSON; functions, class instances and bigints become null. */
function loggable(value: unknown): unknown {
  if (typeof value === 'string' || typeof value === 'boolean' || Array.isArray(value)) return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function empty(payload: unknown): DecodedAlertBody {
  return {
    ok: false,
    rejection: alertRejection('EMPTY_BODY', `The request body is empty; send a JSON object such as ${EXAMPLE}.`),
    payload,
  };
}

function tooLarge(bytes: number, preview: string): DecodedAlertBody {
  return {
    ok: false,
    rejection: alertRejection('BODY_TOO_LARGE', `The request body is ${bytes} bytes; alerts may be at most ${ALERT_MAX_BODY_BYTES} bytes.`),
    payload: preview,
  };
}
