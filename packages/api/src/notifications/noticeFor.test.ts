import type { SignalReceived } from '@hyperhook/domain';
import { describe, expect, it } from 'vitest';
import { noticesForOutcome, pickNotice } from './noticeFor.js';

const AT = '2026-01-01T00:00:00.000Z';
const received: SignalReceived['data'] = {
  signalId: '0190f3a2-7c1e-7d4b-9a55-2f1c3b4d5e6f',
  userId: 'u-1',
  receivedAt: AT,
  rawBody: '{}',
  alert: { symbol: 'ETHUSDT', coin: 'ETH', action: 'buy', orderType: 'market' },
  rejection: null,
  strategyId: 'swing',
  strategyName: 'Swing',
};
const reason = 'An entry in ETH 2 min ago; this strategy waits 15 min between entries in a coin (the next from 10:13 UTC).';

describe('notices of guarded entries (issue 42, point 1)', () => {
  it("given an entry a guard refused, when its notices are made, then a destination that chose alert.guarded hears it as held back, one that chose only alert.rejected as a rejection, with the guard's numbers either way", () => {
    const notices = noticesForOutcome('https://hyperhook.example', received, { type: 'SignalRejected', reason, code: 'GUARD_COOLDOWN' }, AT);
    expect(pickNotice(notices, ['alert.guarded', 'alert.rejected'])).toMatchObject({ event: 'alert.guarded', title: 'BUY ETH held back by a guard', reason });
    expect(pickNotice(notices, ['alert.rejected'])).toMatchObject({ event: 'alert.rejected', title: 'BUY ETH rejected', reason });
    expect(pickNotice(notices, ['alert.failed'])).toBeUndefined();
  });

  it('given a rejection by no guard, when its notices are made, then it is only a rejection', () => {
    const notices = noticesForOutcome('', received, { type: 'SignalRejected', reason: 'No API keys configured', code: 'NO_CREDENTIALS' }, AT);
    expect(notices.map((n) => n.event)).toEqual(['alert.rejected']);
  });

  it('issue 42, point 2: given an alert refused because the approval check found its wallet not approved, when its notices are made, then keys.rejected for whoever listens to it, the rejection for the others', () => {
    const why = 'This API wallet is authorized for the main account 0xabc…, not for 0xdef….';
    const notices = noticesForOutcome('', received, { type: 'SignalRejected', reason: why, code: 'WALLET_NOT_APPROVED' }, AT);
    expect(pickNotice(notices, ['keys.rejected', 'alert.rejected'])).toMatchObject({
      event: 'keys.rejected',
      title: 'Your API wallet is not approved for this account',
      reason: why,
    });
    expect(pickNotice(notices, ['alert.rejected'])).toMatchObject({ event: 'alert.rejected', reason: why });
  });
});
