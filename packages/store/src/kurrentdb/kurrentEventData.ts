import structPb from 'google-protobuf/google/protobuf/struct_pb.js';
import { binaryEvent, jsonEvent, type EventData, type JSONType, type Position } from '@kurrent/kurrentdb-client';
import type { PreparedEvent } from '../guards/prepareNewEvents.js';
import type { EventMetadata, RecordedEvent } from '../ports/events.js';
import type { JsonValue } from '../ports/json.js';
import type { KurrentStreamNames } from './kurrentStreamNames.js';
import { toGlobalPosition } from './kurrentPositions.js';

// A CommonJS module whose exports Node cannot name statically.
const { Struct } = structPb;

/**
 * The metadata key that carries the port's metadata, as JSON text. Multi-stream appends
 * (KurrentDB 25.1) accept only string-valued metadata objects, so both append paths store the
 * port's metadata the same way: one string property, read back from that key only (keys the
 * server may add to the metadata are then ignored).
 */
export const METADATA_KEY = 'hyperhook.metadata';

/**
 * The metadata key of an event copied from another store (hyperhook migrate): when it was first
 * recorded, in epoch milliseconds as text. KurrentDB stamps `created` itself, so without it
 * every migrated event would read as recorded at the migration, and an auditor's "state as of"
 * before it would be empty.
 */
export const RECORDED_AT_KEY = 'hyperhook.recordedAt';

/**
 * A prepared event → KurrentDB event data. Objects and arrays become JSON events (readable in
 * KurrentDB's UI and projections). Any other JSON value (a bare string, number, boolean or
 * null) is not a JSON document KurrentDB tools expect, so it is stored as a binary event
 * holding its JSON text; `isJson` tells the two apart on read, with no reserved data key.
 */
export function toEventData(event: PreparedEvent, recordedAt?: number): EventData {
  const data = JSON.parse(event.data) as JsonValue;
  const metadata =
    event.metadata === null && recordedAt === undefined
      ? undefined
      : {
          ...(event.metadata === null ? {} : { [METADATA_KEY]: event.metadata }),
          ...(recordedAt === undefined ? {} : { [RECORDED_AT_KEY]: String(recordedAt) }),
        };
  if (typeof data === 'object' && data !== null) {
    return jsonEvent({ id: event.eventId, type: event.type, data: data as JSONType, metadata }); // JsonValue's arrays are readonly
  }
  return binaryEvent({ id: event.eventId, type: event.type, data: Buffer.from(event.data, 'utf8'), metadata });
}

/** The fields of a KurrentDB recorded event this adapter reads. */
export type ServerEvent = {
  readonly streamId: string;
  readonly id: string;
  readonly revision: bigint;
  readonly type: string;
  readonly created: Date;
  readonly isJson: boolean;
  readonly data: unknown;
  readonly metadata: unknown;
  readonly position?: Position;
};

/** A KurrentDB event → the port's RecordedEvent, or undefined when it is not the application's (system or other namespace). */
export function fromServerEvent(event: ServerEvent, names: KurrentStreamNames): RecordedEvent | undefined {
  const streamId = names.fromServer(event.streamId);
  if (streamId === undefined || event.type.startsWith('$')) return undefined;
  const metadata = readMetadata(event.metadata);
  return {
    eventId: event.id.toLowerCase(),
    streamId,
    streamVersion: Number(event.revision),
    globalPosition: toGlobalPosition(event.position, `event ${event.id}`),
    type: event.type,
    data: readData(event),
    ...(metadata === undefined ? {} : { metadata }),
    recordedAt: readRecordedAt(event.metadata) ?? event.created.getTime(),
  };
}

function readRecordedAt(metadata: unknown): number | undefined {
  const text = propertiesOf(metadata)?.[RECORDED_AT_KEY];
  const value = typeof text === 'string' ? Number(text) : Number.NaN;
  return Number.isSafeInteger(value) ? value : undefined;
}

function readData(event: ServerEvent): JsonValue {
  if (event.isJson) return event.data as JsonValue;
  const bytes = event.data instanceof Uint8Array ? event.data : new Uint8Array();
  return JSON.parse(Buffer.from(bytes).toString('utf8')) as JsonValue;
}

function readMetadata(metadata: unknown): EventMetadata | undefined {
  const text = propertiesOf(metadata)?.[METADATA_KEY];
  return typeof text === 'string' ? (JSON.parse(text) as EventMetadata) : undefined;
}

/**
 * The event's metadata properties. The client hands over metadata it could parse as JSON as an
 * object, anything else as bytes; a server that keeps a multi-stream append's properties as a
 * protobuf Struct (as newer KurrentDB code does) gives bytes, read here as that Struct.
 */
function propertiesOf(metadata: unknown): Record<string, unknown> | undefined {
  if (metadata instanceof Uint8Array) {
    try {
      return Struct.deserializeBinary(metadata).toJavaScript();
    } catch {
      return undefined;
    }
  }
  return typeof metadata === 'object' && metadata !== null ? (metadata as Record<string, unknown>) : undefined;
}
