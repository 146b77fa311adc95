import {
  DEFAULT_NOTICE_EVENTS,
  DEFAULT_WEB_PUSH_EVENTS,
  signalStreamId,
  type SignalEvent,
  type SignalHeldForApproval,
  type SignalReceived,
} from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { openSqliteStore } from '@hyperhook/store';
import { describe, expect, it } from 'vitest';
import { awaitingApprovalNotice, waitWords } from './approvalNotice.js';
import { pickNotice } from './noticeFor.js';
import { LOG_NOTICE_EVENT_TYPES, noticesFromLog } from './noticesFromLog.js';

const HELD_AT = '2026-12-04T18:30:00.140Z';
const received: SignalReceived['data'] = {
  signalId: 'sig-1',
  userId: 'u-1',
  receivedAt: '2026-12-04T18:30:00.120Z',
  rawBody: '{}',
  alert: { symbol: 'BTCUSDT', coin: 'BTC', action: 'buy', orderType: 'market' },
  rejection: null,
  strategyId: 'st_swing',
  strategyName: 'Swing',
};
const held: SignalHeldForApproval['data'] = { at: HELD_AT, expiresAt: '2026-12-04T18:35:00.140Z', coin: 'BTC', side: 'buy', size: '0.01', price: '60010' };
const signal: SignalEvent[] = [
  { type: 'SignalReceived', v: 1, data: received },
  { type: 'SignalValidationStarted', v: 1, data: { at: HELD_AT } },
  { type: 'SignalHeldForApproval', v: 1, data: held },
];

describe('the notice of an entry awaiting approval (issue 42)', () => {
  it('given a recorded SignalHeldForApproval, when the log is read for notices, then alert.awaiting_approval for its owner: what, at which price, how long, the strategy and the log row', async () => {
    // given
    const store = await openSqliteStore({ file: ':memory:' });
    try {
      await store.eventStore.append(
        signalStreamId('sig-1'),
        signal.map((event) => toNewEvent(event, { userId: 'u-1' })),
      );
      const recorded = (await store.eventStore.readStream(signalStreamId('sig-1'))).at(-1);
      if (recorded === undefined) throw new Error('nothing recorded');
      // when
      const found = await noticesFromLog(store.eventStore, 'https://hyperhook.example', recorded);
      // then
      expect(LOG_NOTICE_EVENT_TYPES).toContain('SignalHeldForApproval');
      expect(found).toEqual({
        uid: 'u-1',
        notices: [
          {
            event: 'alert.awaiting_approval',
            title: 'BTC buy 0.01 awaits your approval',
            strategy: { id: 'st_swing', name: 'Swing' },
            symbol: 'BTC',
            reason: 'Planned at $60010; 5 min to approve or reject it, else it is not sent.',
            signalId: 'sig-1',
            url: 'https://hyperhook.example/dashboard?tab=logs&log=sig-1',
            at: HELD_AT,
            approvalExpiresAt: '2026-12-04T18:35:00.140Z',
          },
        ],
      });
    } finally {
      await store.close();
    }
  });

  it('given the defaults, then web push tells an entry awaiting approval and a channel does not until chosen', () => {
    const notice = awaitingApprovalNotice('', received, held);
    expect(pickNotice([notice], DEFAULT_WEB_PUSH_EVENTS)).toBe(notice);
    expect(pickNotice([notice], DEFAULT_NOTICE_EVENTS)).toBeUndefined();
  });

  it.each([
    ['2026-12-04T18:35:00.000Z', '5 min'],
    ['2026-12-04T18:30:45.000Z', '45 s'],
    ['2026-12-04T18:32:30.000Z', '2 min 30 s'],
    ['2026-12-04T19:30:00.000Z', '60 min'],
  ])('given a hold until %s, then the wait reads "%s"', (until, words) => {
    expect(waitWords('2026-12-04T18:30:00.000Z', until)).toBe(words);
  });
});
