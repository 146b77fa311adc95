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

describe('guards preview on past alerts: manual approval (issue 42)', () => {
  it('given manual approval alone, when previewed, then every entry would have waited for approval and no exit would; nothing is held back', () => {
    const alerts = [alert('e0', 0, 'long'), alert('x', 1, null), alert('e1', 2, 'short'), alert('x2', 3, null)];
    expect(previewGuards({ approval: 'manual' }, alerts)).toEqual({ alerts: 4, entries: 2, heldBack: [], awaitingApproval: 2 });
  });

  it('given manual approval with a cooldown, then only the entries the cooldown lets through would have waited: approval comes after the other guards', () => {
    const alerts = [0, 2, 4, 20].map((m, i) => alert(`e${i}`, m, 'long'));
    const preview = previewGuards({ approval: 'manual', cooldownMinutes: 15 }, alerts);
    expect(preview.heldBack.map((h) => h.logId)).toEqual(['e1', 'e2']);
    expect(preview.awaitingApproval).toBe(2);
  });

  it('given automatic approval, then no entry would have waited', () => {
    expect(previewGuards({ approval: 'auto' }, [alert('e0', 0, 'long')]).awaitingApproval).toBe(0);
    expect(previewGuards({}, [alert('e0', 0, 'long')]).awaitingApproval).toBe(0);
  });
});
