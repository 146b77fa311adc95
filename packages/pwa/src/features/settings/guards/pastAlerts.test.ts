import type { WebhookLogView } from '@hyperhook/domain';
import { describe, expect, it } from 'vitest';
import { pastAlertsOf, PREVIEW_ALERTS } from './pastAlerts';

function log(id: string, minutesAgo: number, payload: unknown, overrides: Partial<WebhookLogView> = {}): WebhookLogView {
  const createdAt = new Date(Date.UTC(2026, 2, 4, 15) - minutesAgo * 60_000).toISOString();
  const none = { validated: null, sized: null, signed: null, sent: null, acknowledged: null, filled: null };
  return {
    webhookLogId: id,
    payload,
    status: 'executed',
    createdAt,
    stages: { received: createdAt, ...none },
    duplicates: 0,
    strategyId: 'st_a',
    strategyName: 'A',
    ...overrides,
  };
}

describe("a strategy's past alerts for the guards' preview (issue 42, point 3)", () => {
  it('given the logs of two strategies, when read for one, then its alerts oldest first: a buy enters long, a target short enters short, a close exits, an unparsed alert is left out', () => {
    const logs = [
      log('close', 1, { coin: 'ETH', action: 'close' }),
      log(
        'target',
        2,
        { coin: 'ETH', action: 'sell', target: 'short', sentAt: '2026-03-04T14:57:30.000Z', sentAtField: 'timenow', maxLag: 30 },
        { status: 'failed' },
      ),
      log('other', 3, { coin: 'BTC', action: 'buy' }, { strategyId: 'st_b' }),
      log('raw', 4, '{"symbol": oops'),
      log('buy', 5, { coin: 'ETH', action: 'buy' }),
    ];
    expect(pastAlertsOf(logs, 'st_a')).toEqual([
      { logId: 'buy', receivedAt: '2026-03-04T14:55:00.000Z', coin: 'ETH', side: 'long', entered: true },
      {
        logId: 'target',
        receivedAt: '2026-03-04T14:58:00.000Z',
        coin: 'ETH',
        side: 'short',
        sentAt: '2026-03-04T14:57:30.000Z',
        sentAtField: 'timenow',
        maxLag: 30,
        entered: false,
      },
      { logId: 'close', receivedAt: '2026-03-04T14:59:00.000Z', coin: 'ETH', side: null, entered: false },
    ]);
  });

  it('given more alerts than the preview replays, when read, then only the newest of them', () => {
    const logs = Array.from({ length: PREVIEW_ALERTS + 5 }, (_, i) => log(`l${i}`, i, { coin: 'ETH', action: 'buy' }));
    const alerts = pastAlertsOf(logs, 'st_a');
    expect(alerts).toHaveLength(PREVIEW_ALERTS);
    expect(alerts.at(-1)?.logId).toBe('l0');
  });
});
