import { signalStreamId, type SignalEvent } from '@hyperhook/domain';
import { decodeStreamEvents, toNewEvent } from '@hyperhook/eventsourcing';
import { openSqliteStore, type EventStore, type SqliteStore } from '@hyperhook/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../http/apiError.js';
import { answerApproval, type AnswerApprovalInput } from './answerApproval.js';
import { sessionGate } from './approvalGates.js';

const UID = 'u-1';
const LOG_ID = 'sig-held';
const HELD_AT = '2026-12-04T18:30:00.000Z';
const EXPIRES_AT = '2026-12-04T18:35:00.000Z';
const NOW = new Date('2026-12-04T18:31:00.000Z');

const held: SignalEvent[] = [
  {
    type: 'SignalReceived',
    v: 1,
    data: {
      signalId: LOG_ID,
      userId: UID,
      receivedAt: HELD_AT,
      rawBody: '{}',
      alert: { symbol: 'BTC', coin: 'BTC', action: 'buy', orderType: 'market' },
      rejection: null,
    },
  },
  { type: 'SignalValidationStarted', v: 1, data: { at: HELD_AT } },
  { type: 'SignalHeldForApproval', v: 1, data: { at: HELD_AT, expiresAt: EXPIRES_AT, coin: 'BTC', side: 'buy', size: '0.01', price: '60010' } },
];

let store: SqliteStore;
beforeEach(async () => {
  store = await openSqliteStore({ file: ':memory:' });
  await store.eventStore.append(
    signalStreamId(LOG_ID),
    held.map((event) => toNewEvent(event, { userId: UID })),
    { expectedVersion: 'no_stream' },
  );
});
afterEach(async () => {
  await store.close();
});

/** The real store, with `before` run once right before the first append: another writer between this answer's read and its write. */
function writerInBetween(eventStore: EventStore, before: () => Promise<unknown>): EventStore {
  let done = false;
  return new Proxy(eventStore, {
    get: (target, key) =>
      key === 'append'
        ? async (...args: Parameters<EventStore['append']>) => {
            if (!done) {
              done = true;
              await before();
            }
            return target.append(...args);
          }
        : Reflect.get(target, key, target),
  });
}

const answers = async () =>
  decodeStreamEvents(await store.eventStore.readStream(signalStreamId(LOG_ID))).filter((e) => e.type === 'SignalApproved' || e.type === 'SignalRejected');
const approveInApp: AnswerApprovalInput = { logId: LOG_ID, answer: 'approve', via: 'app', at: NOW };

describe('answerApproval: the first answer wins (issue 42)', () => {
  it('given another process approving between this answer’s read and its append, when this one appends, then it conflicts, reads again and is told 409 "already approved"; one answer is recorded, the other’s', async () => {
    // given
    const racing = writerInBetween(store.eventStore, () => answerApproval(store.eventStore, { ...approveInApp, via: 'push' }, sessionGate(UID)));
    // when
    const outcome = await answerApproval(racing, approveInApp, sessionGate(UID)).catch((error: unknown) => error);
    // then
    expect(outcome).toBeInstanceOf(ApiError);
    expect(outcome).toMatchObject({ statusCode: 409, message: 'This alert was already approved.' });
    expect(await answers()).toEqual([{ type: 'SignalApproved', v: 1, data: { at: NOW.toISOString(), via: 'push' } }]);
  });

  it('given another process rejecting between this approval’s read and its append, then this approval is told "already rejected" and the rejection stands alone', async () => {
    const racing = writerInBetween(store.eventStore, () => answerApproval(store.eventStore, { ...approveInApp, answer: 'reject' }, sessionGate(UID)));
    const outcome = await answerApproval(racing, approveInApp, sessionGate(UID)).catch((error: unknown) => error);
    expect(outcome).toMatchObject({ statusCode: 409, message: 'This alert was already rejected.' });
    expect((await answers()).map((e) => e.type)).toEqual(['SignalRejected']);
  });

  it('given a re-delivery of the alert recorded between the read and the append, when the append conflicts, then the answer is decided again on the fresh stream and recorded', async () => {
    // given: intake records the duplicate on the same stream
    const duplicate: SignalEvent = { type: 'SignalDuplicateReceived', v: 1, data: { receivedAt: NOW.toISOString() } };
    const racing = writerInBetween(store.eventStore, () => store.eventStore.append(signalStreamId(LOG_ID), [toNewEvent(duplicate, { userId: UID })]));
    // when
    const { answered } = await answerApproval(racing, approveInApp, sessionGate(UID));
    // then
    expect(answered).toMatchObject({ answer: 'approved', status: 'validating', via: 'app' });
    expect(await answers()).toEqual([{ type: 'SignalApproved', v: 1, data: { at: NOW.toISOString(), via: 'app' } }]);
    const recorded = await store.eventStore.readStream(signalStreamId(LOG_ID));
    expect(recorded.at(-1)?.metadata).toMatchObject({ userId: UID });
  });
});
