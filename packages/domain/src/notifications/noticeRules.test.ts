import { describe, expect, it } from 'vitest';
import { localDay } from '../shared/wallClock.js';
import { dailySummaryDue, lastScheduled } from './dailySummaryTime.js';
import { readSilence } from './silenceAlarm.js';
import { isLiquidationFill, isWalletRefusal } from './venueRefusals.js';

describe('notice rules (issue 30, point 3)', () => {
  it("given the venue's refusals of the API wallet, when read, then they are wallet refusals; an order refusal is not", () => {
    expect(isWalletRefusal('L1 error: User or API Wallet 0x1234567890123456789012345678901234567890 does not exist.')).toBe(true);
    expect(isWalletRefusal('Must deposit before performing actions. User: 0xabc')).toBe(true);
    expect(isWalletRefusal('Insufficient margin to place order. asset=0')).toBe(false);
  });

  it('given fill dirs, when read, then only liquidations are liquidations', () => {
    expect(['Liquidated Cross Long', 'Liquidated Isolated Short', 'Backstop Borrow Liquidation'].map(isLiquidationFill)).toEqual([true, true, true]);
    expect(['Open Long', 'Close Short', 'Long > Short', 'Auto-Deleveraging'].map(isLiquidationFill)).toEqual([false, false, false, false]);
  });

  it('given a 30-minute alarm set at 10:00, when no alert came, then it is silent from 10:30 counted from the saving; an alert at 10:20 moves it to 10:50', () => {
    const alarm = { strategyId: 'swing', minutes: 30, since: '2026-03-01T10:00:00.000Z' };
    expect(readSilence(alarm, null, new Date('2026-03-01T10:29:59.999Z')).silent).toBe(false);
    expect(readSilence(alarm, null, new Date('2026-03-01T10:30:00.000Z'))).toEqual({
      silentSince: alarm.since,
      dueAt: Date.parse('2026-03-01T10:30:00.000Z'),
      silent: true,
    });
    expect(readSilence(alarm, '2026-03-01T09:00:00.000Z', new Date('2026-03-01T10:30:00.000Z')).silentSince).toBe(alarm.since);
    const later = readSilence(alarm, '2026-03-01T10:20:00.000Z', new Date('2026-03-01T10:40:00.000Z'));
    expect(later).toEqual({ silentSince: '2026-03-01T10:20:00.000Z', dueAt: Date.parse('2026-03-01T10:50:00.000Z'), silent: false });
  });

  it('given 08:00 Europe/Berlin, when asked in summer and winter, then it is 06:00 and 07:00 UTC, and before 08:00 local it is the day before', () => {
    const summary = { time: '08:00', timeZone: 'Europe/Berlin' };
    expect(new Date(lastScheduled(summary, new Date('2026-07-10T06:30:00.000Z')).at).toISOString()).toBe('2026-07-10T06:00:00.000Z');
    expect(new Date(lastScheduled(summary, new Date('2026-01-10T07:00:00.000Z')).at).toISOString()).toBe('2026-01-10T07:00:00.000Z');
    expect(lastScheduled(summary, new Date('2026-01-10T06:59:00.000Z'))).toEqual({ at: Date.parse('2026-01-09T07:00:00.000Z'), day: '2026-01-09' });
    expect(localDay(Date.parse('2026-01-09T23:30:00.000Z'), 'Europe/Berlin')).toBe('2026-01-10');
  });

  it('given a summary set at 15:00 for 09:00, when asked that day, then none is due until the next 09:00; once sent, not again; more than 6 hours late, none', () => {
    const summary = { time: '09:00', timeZone: 'UTC', since: '2026-03-01T15:00:00.000Z' };
    expect(dailySummaryDue(summary, null, new Date('2026-03-01T15:01:00.000Z'))).toBeNull();
    expect(dailySummaryDue(summary, null, new Date('2026-03-02T09:00:00.000Z'))).toEqual({ at: Date.parse('2026-03-02T09:00:00.000Z'), day: '2026-03-02' });
    expect(dailySummaryDue(summary, '2026-03-02', new Date('2026-03-02T09:05:00.000Z'))).toBeNull();
    expect(dailySummaryDue(summary, '2026-03-01', new Date('2026-03-02T15:00:01.000Z'))).toBeNull();
  });
});
