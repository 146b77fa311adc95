import structPb from 'google-protobuf/google/protobuf/struct_pb.js';
import { describe, expect, it } from 'vitest';
import { fromServerEvent, RECORDED_AT_KEY, toEventData, type ServerEvent } from './kurrentEventData.js';
import { kurrentStreamNames } from './kurrentStreamNames.js';

// The mapping between the port's events and KurrentDB's is pure: it is checked here without a
// server, by handing fromServerEvent what the server stores of toEventData's output.
const names = kurrentStreamNames('tenant');
const created = new Date('2026-11-25T12:00:00.000Z');

function stored(event: ReturnType<typeof toEventData>, revision = 0n): ServerEvent {
  const isJson = event.contentType === 'application/json';
  return {
    streamId: 'tenant:signal-1',
    id: event.id,
    revision,
    type: event.type,
    created,
    isJson,
    data: event.data,
    metadata: event.metadata,
    position: { commit: 4096n, prepare: 4096n },
  };
}

describe('kurrentEventData: the port event ↔ KurrentDB event data', () => {
  const prepared = {
    eventId: '0190b3a2-7c4e-7000-8000-000000000001',
    idProvided: true,
    type: 'SignalReceived',
    data: '{"size":2}',
    metadata: '{"correlationId":"c-1"}',
  };

  it('given an appended event, then it reads back with its id, stream, version, data and metadata, recorded when the server stamped it', () => {
    const event = fromServerEvent(stored(toEventData(prepared), 3n), names);
    expect(event).toEqual({
      eventId: prepared.eventId,
      streamId: 'signal-1',
      streamVersion: 3,
      globalPosition: 4096,
      type: 'SignalReceived',
      data: { size: 2 },
      metadata: { correlationId: 'c-1' },
      recordedAt: created.getTime(),
    });
  });

  it('given an event copied with its first recording time (migrate), then it reads back recorded then, not when the server stored the copy', () => {
    const data = toEventData(prepared, 1_700_000_000_123);
    expect(data.metadata).toEqual({ 'hyperhook.metadata': prepared.metadata, [RECORDED_AT_KEY]: '1700000000123' });
    expect(fromServerEvent(stored(data), names)).toMatchObject({ metadata: { correlationId: 'c-1' }, recordedAt: 1_700_000_000_123 });
  });

  it('given a copied event without metadata of its own, then it still has none, and only string metadata is written (as multi-stream appends require)', () => {
    const data = toEventData({ ...prepared, metadata: null }, 1_700_000_000_000);
    expect(Object.values(data.metadata as Record<string, unknown>).every((value) => typeof value === 'string')).toBe(true);
    const event = fromServerEvent(stored(data), names);
    expect(event?.metadata).toBeUndefined();
    expect(event?.recordedAt).toBe(1_700_000_000_000);
  });

  it('given metadata the server returns as a protobuf Struct (its keeping of multi-stream append properties), then the metadata and first recording time still read back', () => {
    const data = toEventData(prepared, 1_700_000_000_123);
    const bytes = structPb.Struct.fromJavaScript(data.metadata as Record<string, string>).serializeBinary();
    expect(fromServerEvent({ ...stored(data), metadata: bytes }, names)).toMatchObject({ metadata: { correlationId: 'c-1' }, recordedAt: 1_700_000_000_123 });
  });

  it('given metadata bytes that are no Struct, then the event reads back without metadata, recorded when the server stamped it', () => {
    const event = fromServerEvent({ ...stored(toEventData(prepared)), metadata: new Uint8Array([0xff, 0xff, 0xff]) }, names);
    expect(event?.metadata).toBeUndefined();
    expect(event?.recordedAt).toBe(created.getTime());
  });

  it('given data that is no JSON document (a bare string), then it is stored as binary JSON text and reads back the same', () => {
    const data = toEventData({ ...prepared, data: '"plain"', metadata: null });
    expect(data.contentType).toBe('application/octet-stream');
    expect(fromServerEvent(stored(data), names)?.data).toBe('plain');
  });
});
