import { signalDecider, signalStreamId, type SignalCommand } from '@hyperhook/domain';
import { openSqliteStore, type SqliteStore } from '@hyperhook/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendPendingInBackground, decideAndAppend, decideLocally, loadStream } from './decidedStream.js';

let store: SqliteStore;
const signalId = 's-1';
const streamId = signalStreamId(signalId);
const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();

const receive: SignalCommand = {
  type: 'ReceiveSignal',
  signalId,
  userId: 'u-1',
  receivedAt: at(0),
  rawBody: '{}',
  alert: null,
  rejection: { code: 'INVALID_JSON', message: 'Invalid JSON' },
};
const accepted: SignalCommand = {
  ...receive,
  rawBody: '{"symbol":"BTC","action":"buy"}',
  alert: { symbol: 'BTC', coin: 'BTC', action: 'buy', orderType: 'market' },
  rejection: null,
};
const startValidation: SignalCommand = { type: 'StartValidation', at: at(1) };

beforeEach(async () => {
  store = await openSqliteStore({ file: ':memory:' });
});
afterEach(async () => {
  await store.close();
});

describe('decidedStream (the write-behind of the executor)', () => {
  it('given steps decided locally, when the next step is appended, then all of them are written in one append after the stream version', async () => {
    const empty = await loadStream(store.eventStore, streamId, signalDecider);
    expect(empty.version).toBe(-1);
    const local = decideLocally(empty, signalDecider, receive);
    expect(await store.eventStore.readStream(streamId)).toEqual([]);
    const { stream, appended, position } = await decideAndAppend(store.eventStore, local, signalDecider, {
      type: 'RejectSignal',
      at: at(1),
      code: 'INVALID_JSON',
      reason: 'Invalid JSON',
    });
    expect(appended.map((e) => e.type)).toEqual(['SignalReceived', 'SignalRejected']);
    expect(position).toBe(await store.eventStore.headPosition());
    expect(stream.pending).toEqual([]);
    expect(stream.version).toBe(1);
    expect((await loadStream(store.eventStore, streamId, signalDecider)).state.phase).toBe(stream.state.phase);
  });

  it('given a step appended in the background, when the next step is appended, then it waits for it and stream order holds', async () => {
    const received = await decideAndAppend(store.eventStore, await loadStream(store.eventStore, streamId, signalDecider), signalDecider, accepted);
    const validating = appendPendingInBackground(store.eventStore, decideLocally(received.stream, signalDecider, startValidation));
    expect(validating.version).toBe(1);
    await decideAndAppend(store.eventStore, validating, signalDecider, {
      type: 'FailSignal',
      at: at(2),
      code: 'EXCHANGE_ERROR',
      reason: 'down',
      transient: false,
    });
    expect((await store.eventStore.readStream(streamId)).map((e) => e.type)).toEqual(['SignalReceived', 'SignalValidationStarted', 'SignalFailed']);
  });

  it('given a background append that loses a race, when the next step is appended, then the failure surfaces there and that step is not written', async () => {
    const received = await decideAndAppend(store.eventStore, await loadStream(store.eventStore, streamId, signalDecider), signalDecider, accepted);
    // Another writer gets in first: the background append's expected version is stale.
    const other = await loadStream(store.eventStore, streamId, signalDecider);
    await decideAndAppend(store.eventStore, other, signalDecider, startValidation);
    const validating = appendPendingInBackground(store.eventStore, decideLocally(received.stream, signalDecider, startValidation));
    await expect(
      decideAndAppend(store.eventStore, validating, signalDecider, { type: 'FailSignal', at: at(2), code: 'EXCHANGE_ERROR', reason: 'down', transient: false }),
    ).rejects.toMatchObject({
      code: 'WRONG_EXPECTED_VERSION',
    });
    expect((await store.eventStore.readStream(streamId)).map((e) => e.type)).toEqual(['SignalReceived', 'SignalValidationStarted']);
  });

  it('given two background appends, when the first loses a race to a writer that adds as many events, then the second is not written and the failure surfaces at the next step', async () => {
    const received = await decideAndAppend(store.eventStore, await loadStream(store.eventStore, streamId, signalDecider), signalDecider, accepted);
    // A re-delivery lands first: one event, so the stream is at the version the second append expects.
    const other = await loadStream(store.eventStore, streamId, signalDecider);
    await decideAndAppend(store.eventStore, other, signalDecider, { type: 'RecordDuplicate', receivedAt: at(1) });
    const validating = appendPendingInBackground(store.eventStore, decideLocally(received.stream, signalDecider, startValidation));
    const planning = appendPendingInBackground(
      store.eventStore,
      decideLocally(validating, signalDecider, { type: 'FailSignal', at: at(2), code: 'EXCHANGE_ERROR', reason: 'down', transient: false }),
    );

    await expect(decideAndAppend(store.eventStore, planning, signalDecider, startValidation)).rejects.toMatchObject({ code: 'WRONG_EXPECTED_VERSION' });
    expect((await store.eventStore.readStream(streamId)).map((e) => e.type)).toEqual(['SignalReceived', 'SignalDuplicateReceived']);
  });
});
