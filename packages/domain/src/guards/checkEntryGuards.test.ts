import { describe, expect, it } from 'vitest';
import { withEntry, withPnl, type StrategyActivity } from '../ledger/strategyActivity.js';
import { Dec } from '../exchange/decimal.js';
import { AlertGuardsSchema, type AlertGuards } from './alertGuards.js';
import { checkEntryGuards, inTradingWindows, type GuardFacts } from './checkEntryGuards.js';

const NONE: StrategyActivity = { lastEntryAt: {}, entries: {}, pnl: {} };
const at = (iso: string) => Date.parse(iso);
const NOW = at('2026-03-04T15:00:00.000Z');
const LONG_BTC = { coin: 'BTC', side: 'long' } as const;

function facts(overrides: Partial<GuardFacts> = {}): GuardFacts {
  return { now: NOW, entry: LONG_BTC, sent: null, activity: NONE, held: {}, mids: {}, ...overrides };
}
const guards = (g: AlertGuards) => AlertGuardsSchema.parse(g);

describe('entry guards (issue 42, point 1)', () => {
  it('given every guard set and every one breached, when the alert exits, then it passes: exits are always allowed', () => {
    const all = guards({
      maxAlertAgeSeconds: 1,
      cooldownMinutes: 60,
      maxEntriesPerDay: 1,
      dailyLossLimitUsd: 10,
      tradingWindows: [{ days: ['sat'], from: '00:00', to: '00:01' }],
      direction: 'short',
    });
    const busy = withPnl(withEntry(NONE, 'BTC', '2026-03-04T14:59:00.000Z'), new Dec(-500), '2026-03-04T14:59:00.000Z');
    const breached = facts({ sent: { at: NOW - 3_600_000, field: 'timenow' }, activity: busy });
    expect(checkEntryGuards(all, breached)?.code).toBe('GUARD_DIRECTION');
    expect(checkEntryGuards(all, { ...breached, entry: null })).toBeNull();
  });

  it('given long entries only, when a short entry comes, then it is refused by name; a long passes', () => {
    const longOnly = guards({ direction: 'long' });
    expect(checkEntryGuards(longOnly, facts({ entry: { coin: 'ETH', side: 'short' } }))).toEqual({
      code: 'GUARD_DIRECTION',
      message: 'A short entry; this strategy takes long entries only.',
    });
    expect(checkEntryGuards(longOnly, facts())).toBeNull();
    expect(checkEntryGuards(guards({ direction: 'both' }), facts({ entry: { coin: 'ETH', side: 'short' } }))).toBeNull();
  });

  it('given a 30 s age limit, when the alert is exactly 30 s old, then it passes; a millisecond older is refused with the numbers', () => {
    const g = guards({ maxAlertAgeSeconds: 30 });
    expect(checkEntryGuards(g, facts({ sent: { at: NOW - 30_000, field: 'timenow' } }))).toBeNull();
    expect(checkEntryGuards(g, facts({ sent: { at: NOW - 30_001, field: 'timenow' } }))).toEqual({
      code: 'GUARD_ALERT_AGE',
      message: 'Sent 30.1 s ago ("timenow"); this strategy takes alerts up to 30 s old.',
    });
    expect(checkEntryGuards(g, facts({ sent: { at: NOW - 47_000, field: 'timestamp' } }))?.message).toBe(
      'Sent 47 s ago ("timestamp"); this strategy takes alerts up to 30 s old.',
    );
    // An alert that names no time of its own is not aged by this guard.
    expect(checkEntryGuards(g, facts())).toBeNull();
  });

  it("given the alert's own max_lag, when it is stricter than the strategy's limit (or the only one), then it decides and is named", () => {
    const sent = { at: NOW - 20_000, field: 'timestamp' };
    expect(checkEntryGuards(guards({ maxAlertAgeSeconds: 30 }), facts({ sent, maxLagSeconds: 10 }))?.message).toBe(
      'Sent 20 s ago ("timestamp"); the alert\'s "max_lag" takes alerts up to 10 s old.',
    );
    expect(checkEntryGuards(guards({}), facts({ sent, maxLagSeconds: 10 }))?.code).toBe('GUARD_ALERT_AGE');
    expect(checkEntryGuards(guards({}), facts({ sent, maxLagSeconds: 20 }))).toBeNull();
  });

  it('given a "time" field too old, when refused, then the message says {{time}} is the bar\'s open', () => {
    const refused = checkEntryGuards(guards({ maxAlertAgeSeconds: 30 }), facts({ sent: { at: NOW - 3_600_000, field: 'time' } }));
    expect(refused?.message).toContain('If "time" holds {{time}} (the bar\'s open), send {{timenow}} instead.');
  });

  it('given a 15-minute cooldown, when an entry comes in the last minute of it, then it is refused; at its end it passes; another coin passes', () => {
    const g = guards({ cooldownMinutes: 15, timeZone: 'Europe/Berlin' });
    const activity = withEntry(NONE, 'BTC', '2026-03-04T14:45:00.000Z');
    expect(checkEntryGuards(g, facts({ activity, now: at('2026-03-04T14:59:59.999Z') }))).toEqual({
      code: 'GUARD_COOLDOWN',
      message: 'An entry in BTC 14 min ago; this strategy waits 15 min between entries in a coin (the next from 16:00 Europe/Berlin).',
    });
    expect(checkEntryGuards(g, facts({ activity, now: at('2026-03-04T14:59:00.000Z') }))?.code).toBe('GUARD_COOLDOWN');
    expect(checkEntryGuards(g, facts({ activity, now: at('2026-03-04T15:00:00.000Z') }))).toBeNull();
    expect(checkEntryGuards(g, facts({ activity, now: at('2026-03-04T14:50:00.000Z'), entry: { coin: 'ETH', side: 'long' } }))).toBeNull();
  });

  it("given two entries a day at most in New York, when the third comes, then it is refused; yesterday's (local) entries do not count", () => {
    const g = guards({ maxEntriesPerDay: 2, timeZone: 'America/New_York' });
    // 2026-03-04 begins at 05:00Z in New York (EST).
    let activity = withEntry(NONE, 'ETH', '2026-03-04T04:59:00.000Z');
    activity = withEntry(activity, 'SOL', '2026-03-04T05:00:00.000Z');
    expect(checkEntryGuards(g, facts({ activity }))).toBeNull();
    activity = withEntry(activity, 'ETH', '2026-03-04T12:00:00.000Z');
    expect(checkEntryGuards(g, facts({ activity }))).toEqual({
      code: 'GUARD_ENTRIES_PER_DAY',
      message: '2 entries today (2026-03-04, America/New_York); this strategy takes at most 2 a day.',
    });
  });

  it("given a 500 USD daily loss limit, when the day lost 500 realised and open, then entries stop; yesterday's loss does not count", () => {
    const g = guards({ dailyLossLimitUsd: 500 });
    let activity = withPnl(NONE, new Dec(-900), '2026-03-03T23:00:00.000Z');
    activity = withPnl(activity, new Dec(-300), '2026-03-04T10:00:00.000Z');
    const held = { ETH: { szi: '2', entryPx: '3000' } };
    // Open: 2 × (2900 − 3000) = −200, with −300 realised today: −500, exactly the limit.
    expect(checkEntryGuards(g, facts({ activity, held, mids: { ETH: '2900' } }))).toEqual({
      code: 'GUARD_DAILY_LOSS',
      message: 'Lost 500.00 USD today (realised and open, UTC); this strategy stops entering past a 500.00 USD loss a day, until midnight. Exits go on.',
    });
    expect(checkEntryGuards(g, facts({ activity, held, mids: { ETH: '2900.5' } }))).toBeNull();
    expect(checkEntryGuards(g, facts({ activity, held, mids: { ETH: '2900' }, now: at('2026-03-05T00:00:00.000Z') }))).toBeNull();
  });

  it("given the account's limit, when the account's day lost past it, then entries stop with the account named", () => {
    const refused = checkEntryGuards(guards({}), facts({ account: { dailyLossLimitUsd: 1000, dayPnlUsd: -1200 } }));
    expect(refused?.code).toBe('GUARD_ACCOUNT_DAILY_LOSS');
    expect(checkEntryGuards(guards({}), facts({ account: { dailyLossLimitUsd: 1000, dayPnlUsd: -999 } }))).toBeNull();
  });
});

describe('trading windows (issue 42, point 1)', () => {
  const weekdays = [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'] as const, from: '09:30', to: '16:00' }].map((w) => ({ ...w, days: [...w.days] }));

  it("given 09:30–16:00 in New York, when the window's first and last minute come, then both are in; 16:00 and 09:29 are out", () => {
    const zone = 'America/New_York';
    // Wednesday 2026-03-04, EST (UTC−5).
    expect(inTradingWindows(weekdays, zone, at('2026-03-04T14:29:59.000Z'))).toBe(false);
    expect(inTradingWindows(weekdays, zone, at('2026-03-04T14:30:00.000Z'))).toBe(true);
    expect(inTradingWindows(weekdays, zone, at('2026-03-04T20:59:59.000Z'))).toBe(true);
    expect(inTradingWindows(weekdays, zone, at('2026-03-04T21:00:00.000Z'))).toBe(false);
    // Saturday: no window.
    expect(inTradingWindows(weekdays, zone, at('2026-03-07T15:00:00.000Z'))).toBe(false);
  });

  it('given the same window across the daylight-saving change of 2026-03-08, when the first and last minute come, then they move an hour in UTC', () => {
    const zone = 'America/New_York';
    // Monday 2026-03-09, EDT (UTC−4): 09:30 is 13:30Z, the last minute 15:59 is 19:59Z.
    expect(inTradingWindows(weekdays, zone, at('2026-03-09T13:29:59.000Z'))).toBe(false);
    expect(inTradingWindows(weekdays, zone, at('2026-03-09T13:30:00.000Z'))).toBe(true);
    expect(inTradingWindows(weekdays, zone, at('2026-03-09T19:59:00.000Z'))).toBe(true);
    expect(inTradingWindows(weekdays, zone, at('2026-03-09T20:00:00.000Z'))).toBe(false);
  });

  it('given a window on Friday 22:00 to 02:00, when Saturday 01:59 comes, then it is in; Saturday 02:00 and Friday 21:59 are out', () => {
    const night = [{ days: ['fri' as const], from: '22:00', to: '02:00' }];
    expect(inTradingWindows(night, 'UTC', at('2026-03-06T21:59:00.000Z'))).toBe(false);
    expect(inTradingWindows(night, 'UTC', at('2026-03-06T22:00:00.000Z'))).toBe(true);
    expect(inTradingWindows(night, 'UTC', at('2026-03-07T01:59:00.000Z'))).toBe(true);
    expect(inTradingWindows(night, 'UTC', at('2026-03-07T02:00:00.000Z'))).toBe(false);
    // Thursday night is no Friday's window.
    expect(inTradingWindows(night, 'UTC', at('2026-03-06T01:00:00.000Z'))).toBe(false);
  });

  it('given an entry outside the windows, when checked, then the refusal names the windows, the zone and the local time', () => {
    const g = guards({ tradingWindows: weekdays, timeZone: 'America/New_York' });
    expect(checkEntryGuards(g, facts({ now: at('2026-03-07T15:00:00.000Z') }))).toEqual({
      code: 'GUARD_TRADING_WINDOW',
      message: "Outside this strategy's trading windows (Mon, Tue, Wed, Thu, Fri 09:30–16:00, America/New_York): it is Sat 10:00 there.",
    });
  });
});

describe('guards schema (issue 42, point 1)', () => {
  it('given windows with equal ends, repeated days or an unknown zone, when parsed, then each is refused', () => {
    expect(AlertGuardsSchema.safeParse({ tradingWindows: [{ days: ['mon'], from: '09:00', to: '09:00' }] }).success).toBe(false);
    expect(AlertGuardsSchema.safeParse({ tradingWindows: [{ days: ['mon', 'mon'], from: '09:00', to: '10:00' }] }).success).toBe(false);
    expect(AlertGuardsSchema.safeParse({ timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(AlertGuardsSchema.safeParse({ cooldown: 5 }).success).toBe(false);
    expect(AlertGuardsSchema.parse({ direction: 'long', timeZone: 'Europe/Berlin', maxAlertAgeSeconds: 30 })).toEqual({
      direction: 'long',
      timeZone: 'Europe/Berlin',
      maxAlertAgeSeconds: 30,
    });
  });
});
