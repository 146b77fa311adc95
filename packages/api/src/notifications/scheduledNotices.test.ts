import type { WebhookLogData } from '@hyperhook/domain';
import { describe, expect, it } from 'vitest';
import { countAlerts, formatMinutes, realisedPnl } from './scheduledNotices.js';

const row = (receivedAt: string, status: WebhookLogData['status'], executionError?: string): WebhookLogData =>
  ({ receivedAt, status, ...(executionError ? { execution: { error: executionError } } : { execution: null }) }) as unknown as WebhookLogData;

describe('scheduled notices (issue 30, point 3)', () => {
  it('given alarm minutes, when formatted, then they read as days, hours and minutes', () => {
    expect([5, 60, 90, 1440, 1830, 10_080].map(formatMinutes)).toEqual([
      '5 minutes',
      '1 hour',
      '1 hour 30 minutes',
      '1 day',
      '1 day 6 hours 30 minutes',
      '7 days',
    ]);
  });

  it('given the read model kept only rows of the day (its cap reached), when counted, then the count says it may be more; rows before the day are left out', () => {
    const from = Date.parse('2026-03-01T08:00:00.000Z');
    const to = from + 86_400_000;
    const rows = [
      row('2026-03-02T07:00:00.000Z', 'executed'),
      row('2026-03-01T09:00:00.000Z', 'failed', 'Insufficient margin'),
      row('2026-03-01T08:30:00.000Z', 'failed'),
    ];
    expect(countAlerts(rows, from, to, 3)).toEqual({ received: 3, executed: 1, failed: 1, rejected: 1, inFlight: 0, capped: true });
    expect(countAlerts([...rows, row('2026-03-01T07:00:00.000Z', 'received')], from, to, 200)).toMatchObject({ received: 3, capped: false });
  });

  it("given fills inside and outside the day, when summed, then realised P&L is closed P&L minus fees of the day's fills", () => {
    const fill = (time: string, closedPnl: string, fee: string) => ({
      coin: 'BTC',
      px: '1',
      sz: '1',
      side: 'A' as const,
      time,
      oid: 1,
      tid: 1,
      closedPnl,
      fee,
      dir: 'Close Long',
    });
    const from = Date.parse('2026-03-01T00:00:00.000Z');
    expect(realisedPnl([fill('2026-03-01T01:00:00.000Z', '10', '0.25'), fill('2026-02-28T23:59:59.999Z', '99', '0')], from, from + 86_400_000)).toEqual({
      closedPnl: 10,
      fees: 0.25,
      net: 9.75,
      fills: 1,
    });
  });
});
