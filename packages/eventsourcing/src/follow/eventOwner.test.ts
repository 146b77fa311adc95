import { accountStreamId, paperStreamId, signalDecider, signalStreamId, userStreamId } from '@hyperhook/domain';
import type { EventMetadata, RecordedEvent } from '@hyperhook/store';
import { describe, expect, it, vi } from 'vitest';
import { toNewEvent } from '../codec/eventCodec.js';
import { ownerInRecord, ownerOf } from './eventOwner.js';

/** A stored event of `streamId`, as a subscriber receives it. */
function recorded(streamId: string, type: string, data: RecordedEvent['data'], metadata?: EventMetadata, streamVersion = 0): RecordedEvent {
  return {
    eventId: `e-${streamVersion}`,
    streamId,
    streamVersion,
    globalPosition: 10 + streamVersion,
    type,
    data,
    ...(metadata === undefined ? {} : { metadata }),
    recordedAt: 0,
  };
}

/** A SignalReceived of `uid` as intake stored it before owners were put in the metadata. */
function receivedWithoutOwner(signalId: string, uid: string): RecordedEvent {
  const [event] = signalDecider.decide(
    {
      type: 'ReceiveSignal',
      signalId,
      userId: uid,
      receivedAt: new Date(0).toISOString(),
      rawBody: '{}',
      alert: null,
      rejection: { code: 'INVALID_JSON', message: 'not json' },
    },
    signalDecider.initialState(),
  );
  if (event === undefined) throw new Error('no SignalReceived decided');
  const stored = toNewEvent(event, { correlationId: signalId });
  return recorded(signalStreamId(signalId), stored.type, stored.data, stored.metadata);
}

const noReads = { readStream: vi.fn(async () => []) };

describe('eventOwner: whose an event is, routed by metadata or stream name, never by the event data (issue 29, point 7)', () => {
  it('given a signal event whose metadata names its owner, then that owner, without reading the stream', async () => {
    const event = recorded(signalStreamId('s1'), 'SignalExecuted', { userId: 'someone-else' }, { userId: 'u1' }, 3);
    expect(ownerInRecord(event)).toBe('u1');
    expect(await ownerOf(noReads, event)).toBe('u1');
    expect(noReads.readStream).not.toHaveBeenCalled();
  });

  it('given events of user- and account- streams without an owner in metadata, then the stream name tells the owner', () => {
    expect(ownerInRecord(recorded(userStreamId('u2'), 'SettingsUpdated', {}))).toBe('u2');
    expect(ownerInRecord(recorded(accountStreamId('u3'), 'BalanceSnapshotTaken', {}))).toBe('u3');
  });

  it("issue 40, point 2: given the lookup the notifiers had of their own, then one rule: a paper- stream is its user's too, and an intake claim or a signal stream without metadata names no one without a read", () => {
    expect(ownerInRecord(recorded(paperStreamId('u8'), 'FillRecorded', {}))).toBe('u8');
    expect(ownerInRecord(recorded(accountStreamId('u9'), 'FillRecorded', {}, { userId: 'u9' }))).toBe('u9');
    expect(ownerInRecord(recorded('dedupe-abc', 'DedupeClaimed', {}))).toBeNull();
    expect(ownerInRecord(recorded(signalStreamId('s9'), 'SignalFailed', {}))).toBeNull();
  });

  it('given a signal event with data naming a user but no owner in metadata, then the record alone tells no owner: its data is not cast', () => {
    expect(ownerInRecord(recorded(signalStreamId('s2'), 'SignalExecuted', { userId: 'u4' }))).toBeNull();
  });

  it('given a SignalReceived stored before owners were in metadata, then its owner is decoded from it with its schema', async () => {
    expect(await ownerOf(noReads, receivedWithoutOwner('s3', 'u5'))).toBe('u5');
  });

  it("given a later signal event stored before owners were in metadata, then the owner comes from the stream's first event", async () => {
    const first = receivedWithoutOwner('s4', 'u6');
    const store = { readStream: vi.fn(async () => [first]) };
    expect(await ownerOf(store, recorded(signalStreamId('s4'), 'SignalExecuted', { status: 'filled' }, undefined, 4))).toBe('u6');
    expect(store.readStream).toHaveBeenCalledWith(signalStreamId('s4'), { maxCount: 1 });
  });

  it('given a SignalReceived without an owner whose data does not match its schema, then no owner', async () => {
    expect(await ownerOf(noReads, recorded(signalStreamId('s5'), 'SignalReceived', { userId: 'u7' }))).toBeNull();
  });
});
