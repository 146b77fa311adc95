import { decimalText } from '../exchange/decimalText.js';
import type { RawEventEnvelope } from '../eventModel/envelope.js';
import { upcasterKey, type UpcasterRegistry } from '../eventModel/upcasterKey.js';

/**
 * Version 1 of the account snapshots had two writers with two encodings: the api wrote numbers
 * with `String()` ("1e-7", "0.30000000000000004") and `leverage: null`, the executor wrote the
 * venue's decimal text and left `leverage` out. Version 2 has one encoding; these upcasters read
 * version 1 events of either writer into it. Text that is no number was read as 0 by the read
 * models, so it becomes "0" where a value is required and is left out where it is optional.
 */

const NUMBER_TEXT = /^\s*-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i;

function asDecimalText(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return decimalText(value);
  if (typeof value !== 'string' || !NUMBER_TEXT.test(value)) return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? decimalText(parsed) : undefined;
}

const required = (value: unknown): string => asDecimalText(value) ?? '0';

/** A nullish value stays as it was (null and absent mean different things to the read model); other text is normalised or dropped. */
function optional(record: Record<string, unknown>, key: string): Record<string, unknown> {
  if (!(key in record)) return {};
  const value = record[key];
  if (value === null) return { [key]: null };
  const text = asDecimalText(value);
  return text === undefined ? {} : { [key]: text };
}

const asRecord = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

/** `record` without `keys`: the fields rewritten here must not survive in their old text. */
function without(record: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)));
}

const POSITION_DECIMALS = ['szi', 'entryPx', 'positionValue', 'unrealizedPnl', 'markPx', 'liquidationPx', 'marginUsed', 'leverage'];
const BALANCE_DECIMALS = ['availableBalance', 'totalEquity', 'marginUsed', 'totalNotional', 'withdrawable', 'spotUsdc'];

function positionV2(position: unknown): Record<string, unknown> {
  const p = asRecord(position);
  const { leverage } = p;
  return {
    ...without(p, POSITION_DECIMALS),
    szi: required(p.szi),
    ...optional(p, 'entryPx'),
    ...optional(p, 'positionValue'),
    ...optional(p, 'unrealizedPnl'),
    ...optional(p, 'markPx'),
    ...optional(p, 'liquidationPx'),
    ...optional(p, 'marginUsed'),
    ...(typeof leverage === 'number' ? { leverage } : {}),
  };
}

function positionsSnapshotV2(event: RawEventEnvelope): RawEventEnvelope {
  const data = asRecord(event.data);
  return { ...event, v: 2, data: { ...data, positions: Array.isArray(data.positions) ? data.positions.map(positionV2) : data.positions } };
}

function balanceSnapshotV2(event: RawEventEnvelope): RawEventEnvelope {
  const data = asRecord(event.data);
  return {
    ...event,
    v: 2,
    data: {
      ...without(data, BALANCE_DECIMALS),
      availableBalance: required(data.availableBalance),
      totalEquity: required(data.totalEquity),
      marginUsed: required(data.marginUsed),
      totalNotional: required(data.totalNotional),
      ...optional(data, 'withdrawable'),
      ...optional(data, 'spotUsdc'),
    },
  };
}

/** The account snapshots' upcasters, version 1 → 2. */
export const accountUpcasters: UpcasterRegistry = {
  [upcasterKey('PositionsSnapshotTaken', 1)]: positionsSnapshotV2,
  [upcasterKey('BalanceSnapshotTaken', 1)]: balanceSnapshotV2,
};
