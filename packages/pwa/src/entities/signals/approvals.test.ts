import { describe, expect, it } from 'vitest';
import { formatClockTime } from '../../lib/format/time';
import { approvedText, heldOrderText, waitingText } from './approvals';

const held = {
  heldAt: '2026-11-24T10:00:00.000Z',
  expiresAt: '2026-11-24T10:05:00.000Z',
  coin: 'BTC',
  side: 'buy',
  size: '0.00330',
  price: '60010.0',
} as const;

describe('an entry held for approval, in words (issue 42)', () => {
  it('given a held entry, then its side, size, coin and price at the hold, and until when it waits', () => {
    expect(heldOrderText(held)).toBe('BUY 0.0033 BTC at $60,010');
    expect(heldOrderText({ ...held, side: 'sell', coin: 'kPEPE', size: '1200', price: '0.012345' })).toBe('SELL 1,200 kPEPE at $0.012345');
    expect(waitingText(held)).toBe(`Until ${formatClockTime(held.expiresAt)}: BUY 0.0033 BTC at $60,010`);
  });

  it('given it approved in the app or from a notification, then where and when; not approved, nothing', () => {
    const approvedAt = '2026-11-24T10:02:00.000Z';
    expect(approvedText({ ...held, approvedAt, via: 'app' })).toBe(`Approved in the app at ${formatClockTime(approvedAt)}`);
    expect(approvedText({ ...held, approvedAt, via: 'push' })).toBe(`Approved from a notification at ${formatClockTime(approvedAt)}`);
    expect(approvedText(held)).toBeNull();
    expect(approvedText(undefined)).toBeNull();
  });
});
