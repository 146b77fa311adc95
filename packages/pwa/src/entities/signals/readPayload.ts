import { AlertActionSchema, normaliseTimestamp, type AlertAction } from '@hyperhook/domain';

/**
 * What the table shows of a log's payload. The payload is whatever was received — normalised for
 * accepted alerts, raw (possibly text, possibly malformed) for refused ones — so every field is
 * read defensively and a missing or unreadable one is null.
 */
export interface PayloadSummary {
  readonly symbol: string | null;
  /** The Hyperliquid coin the symbol maps to (accepted alerts carry it), else null. */
  readonly coin: string | null;
  /** buy | sell | close; null when missing or unknown (shown "N/A"). */
  readonly action: AlertAction | null;
  readonly orderType: string | null;
  /** A number when it reads as one; otherwise the text as sent, so the log shows what arrived. */
  readonly size: number | string | null;
  readonly price: number | null;
  readonly leverage: number | string | null;
  /** When the alert source fired the alert (TradingView's `timenow`, else `time`), as ISO. */
  readonly alertTime: string | null;
}

const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function fieldsOf(payload: unknown): Record<string, unknown> {
  return typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? (payload as Record<string, unknown>) : {};
}

function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function numberFrom(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const written = text(value);
  return written !== null && DECIMAL_TEXT.test(written) ? Number(written) : null;
}

/** A number when it reads as one ("3x" reads as 3, as the alert parser reads leverage), else the text. */
function numberOrText(value: unknown, suffix?: RegExp): number | string | null {
  const written = text(value);
  if (written === null) return null;
  return numberFrom(suffix === undefined ? written : written.replace(suffix, '')) ?? written;
}

/** Reads the fields the table and the waterfall need from a log's payload. */
export function readPayload(payload: unknown): PayloadSummary {
  const fields = fieldsOf(payload);
  const action = AlertActionSchema.safeParse(text(fields.action)?.toLowerCase());
  // `timenow` is when the alert fired; `time` is the bar's open, which can be hours earlier.
  const alertTime = normaliseTimestamp(fields.timenow) ?? normaliseTimestamp(fields.time);
  return {
    symbol: typeof fields.symbol === 'string' ? text(fields.symbol) : null,
    coin: typeof fields.coin === 'string' ? text(fields.coin) : null,
    action: action.success ? action.data : null,
    orderType: typeof fields.orderType === 'string' ? text(fields.orderType) : null,
    size: numberOrText(fields.size),
    price: numberFrom(fields.price),
    leverage: numberOrText(fields.leverage, /\s*x$/i),
    alertTime,
  };
}

/** The payload as the details row shows it: text as received, anything else as indented JSON. */
export function payloadJson(payload: unknown): string {
  if (typeof payload === 'string') return payload;
  return JSON.stringify(payload ?? null, null, 2);
}

/** The payload's JSON text in one line, for the search. */
export function payloadSearchText(payload: unknown): string {
  return typeof payload === 'string' ? payload : (JSON.stringify(payload ?? null) ?? '');
}
