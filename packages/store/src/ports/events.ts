import type { JsonObject, JsonValue } from './json.js';

/**
 * A position in the global log (`$all`). Positions are strictly increasing in commit order
 * and always safe integers; `0` means "before the first event". Adapters may leave gaps
 * (KurrentDB commit positions are byte offsets); the SQLite adapter does not (1, 2, 3, …).
 */
export type GlobalPosition = number;

/** The position before the first event: subscribe or read from here to get everything. */
export const START_POSITION: GlobalPosition = 0;

/**
 * Optional, well-known event metadata. Correlation and causation ids let an auditor follow a
 * signal through the api, the executor and the projector; `schemaVersion` lets readers
 * upcast old payloads. Extra keys are kept as they are.
 */
export type EventMetadata = {
  readonly correlationId?: string;
  readonly causationId?: string;
  readonly schemaVersion?: number;
  readonly [key: string]: JsonValue | undefined;
};

/** An event to append. `eventId` is a UUID; when omitted the store generates one. */
export type NewEvent = {
  /** Caller-chosen UUID: repeating an append with the same ids is an idempotent no-op. */
  readonly eventId?: string;
  readonly type: string;
  readonly data: JsonValue;
  readonly metadata?: EventMetadata;
};

/** An event as stored. */
export type RecordedEvent = {
  readonly eventId: string;
  readonly streamId: string;
  /** 0 for the first event of a stream, then 1, 2, … without gaps. */
  readonly streamVersion: number;
  readonly globalPosition: GlobalPosition;
  readonly type: string;
  readonly data: JsonValue;
  readonly metadata?: EventMetadata;
  /** Milliseconds since the epoch, taken from the store's clock when the event was appended. */
  readonly recordedAt: number;
};

/** Narrows a RecordedEvent's data to a JSON object when the caller knows its shape. */
export type RecordedEventOf<TData extends JsonObject> = Omit<RecordedEvent, 'data'> & { readonly data: TData };
