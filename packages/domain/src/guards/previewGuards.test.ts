import { describe, expect, it } from 'vitest';
import { previewEachGuard, previewGuards, type PastAlert } from './previewGuards.js';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 4, 14, minute)).toISOString();
const alert = (logId: string, minute: number, side: PastAlert['side'], overrides: Partial<PastAlert> = {}): PastAlert => ({
  logId,
  receivedAt: at(minute),
  coin: 'ETH',
  side,
  entered: side !== null,
  ...overrides,
});

describe('guards preview on past alerts (issue 42, point 1)', () => {
  it('given a repainting entry five times in ten minutes, when a 15-minute cooldown is previewed, then the four repeats are held back and the close passes', () => {
    const alerts = [0, 2, 4, 6, 8].map((m, i) => alert(`e${i}`, m, 'long')).concat(alert('x', 9, null));
    const preview = previewGuards({ cooldownMinutes: 15 }, alerts);
    expect(preview).toMatchObject({ alerts: 6, entries: 5 });
    expect(preview.heldBack.map((h) => [h.logId, h.code])).toEqual([
      ['e1', 'GUARD_COOLDOWN'],
      ['e2', 'GUARD_COOLDOWN'],
      ['e3', 'GUARD_COOLDOWN'],
      ['e4', 'GUARD_COOLDOWN'],
    ]);
  });

  it('given an entry that failed for another reason, when replayed, then it starts no cooldown: only entries that happened count', () => {
    const alerts = [alert('failed', 0, 'long', { entered: false }), alert('next', 5, 'long')];
    expect(previewGuards({ cooldownMinutes: 15 }, alerts).heldBack).toEqual([]);
  });

  it('given several guards, when each is previewed alone, then each says how many it would hold back; the daily loss is not replayed', () => {
    const alerts = [
      alert('short', 0, 'short'),
      alert('late', 1, 'long', { sentAt: at(0), sentAtField: 'timenow' }),
      alert('soon', 3, 'long'),
      alert('third', 40, 'long', { coin: 'BTC' }),
    ];
    const guards = { direction: 'long', maxAlertAgeSeconds: 30, cooldownMinutes: 15, maxEntriesPerDay: 2, dailyLossLimitUsd: 1 } as const;
    // Alone, the cooldown also counts the short entry: the late and the soon long both follow it within 15 minutes.
    expect(previewEachGuard(guards, alerts)).toEqual({ direction: 1, maxAlertAgeSeconds: 1, cooldownMinutes: 2, maxEntriesPerDay: 2 });
    // Together, what they hold back starts nothing: "soon" is the first entry of the day, and "third" is in another coin.
    expect(previewGuards(guards, alerts).heldBack.map((h) => [h.logId, h.code])).toEqual([
      ['short', 'GUARD_DIRECTION'],
      ['late', 'GUARD_ALERT_AGE'],
    ]);
  });
});
