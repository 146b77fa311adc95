import { describe, expect, it } from 'vitest';
import { DASH, formatLatency } from './latency';
import { formatSignedUsd, formatUsd, formatUsdCompact, pnlDirection } from './money';
import { formatLeverage, formatPercent, formatPrice, formatSize } from './numbers';
import { formatDuration, formatRelative, formatSince, formatTimeLeft } from './time';

describe('formatLatency (spec §9)', () => {
  it('CONST-03: given under 1000 ms, then whole milliseconds with a minimum of 1', () => {
    expect([0, 0.4, 1, 7.4, 7.6, 999.4].map(formatLatency)).toEqual(['1 ms', '1 ms', '1 ms', '7 ms', '8 ms', '999 ms']);
  });
  it('CONST-04: given 1000 ms or more, then seconds with two decimals', () => {
    expect([1000, 1234, 12_345.6].map(formatLatency)).toEqual(['1.00 s', '1.23 s', '12.35 s']);
  });
  it('CONST-05, CONST-06: given no latency, then a dash', () => {
    expect([undefined, null, Number.NaN].map(formatLatency)).toEqual([DASH, DASH, DASH]);
    expect(DASH).toBe('—');
  });
});

describe('money (CONST-22)', () => {
  it('given amounts, then US dollars with two decimals and separators; -0 shows as $0.00', () => {
    expect([0, 1234.5, -3.2, -0.001, Number.NaN].map(formatUsd)).toEqual(['$0.00', '$1,234.50', '-$3.20', '$0.00', '$0.00']);
  });
  it('given a P&L, then it is always signed, with 0 counting as up (TAB-POS-10)', () => {
    expect([12.5, 0, -3.2].map(formatSignedUsd)).toEqual(['+$12.50', '+$0.00', '−$3.20']);
    expect([12.5, 0, -0.01].map(pnlDirection)).toEqual(['up', 'up', 'down']);
  });
  it('given a large amount, then compact; a small one stays exact', () => {
    expect(formatUsdCompact(1_250_000)).toBe('$1.25M');
    expect(formatUsdCompact(99_999.5)).toBe('$99,999.50');
  });
});

describe('numbers', () => {
  it('CONST-23: given sizes, then up to 6 decimals without trailing zeros', () => {
    expect([0.0015, 12, 0.123456789, 1234.5].map(formatSize)).toEqual(['0.0015', '12', '0.123457', '1,234.5']);
  });
  it("given prices, then the venue's five significant figures, whole numbers kept and at most six decimals", () => {
    expect([65432.1, 3456.78, 145.234, 0.0123456, 1.23456].map(formatPrice)).toEqual(['65,432', '3,456.8', '145.23', '0.012346', '1.2346']);
  });
  it('given a leverage and a share, then "3x" and a whole percent', () => {
    expect([formatLeverage(3), formatPercent(2 / 3)]).toEqual(['3x', '67%']);
  });
});

describe('formatRelative (CONST-24 decided)', () => {
  const now = Date.parse('2026-11-24T12:00:00.000Z');
  it('given times before now, then "just now", seconds, minutes, hours and days', () => {
    const ago = (ms: number) => formatRelative(new Date(now - ms).toISOString(), now);
    expect(ago(2_000)).toBe('just now');
    expect(ago(30_000)).toMatch(/30 sec/);
    expect(ago(120_000)).toMatch(/2 min/);
    expect(ago(3 * 3_600_000)).toMatch(/3 hr/);
    expect(ago(2 * 86_400_000)).toMatch(/2 days ago/);
  });
  it('given nothing, then a dash', () => {
    expect(formatRelative(null, now)).toBe('—');
  });
});

describe('formatSince (issue 29, point 4: "paused since <time>")', () => {
  it('given a moment today, then its time of day alone; another day, then with its date; none, then "—"', () => {
    const now = new Date(2026, 10, 28, 16, 30).getTime();
    const today = new Date(2026, 10, 28, 14, 3).toISOString();
    const yesterday = new Date(2026, 10, 27, 14, 3).toISOString();
    expect(formatSince(today, now)).toBe(new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(new Date(today)));
    expect(formatSince(yesterday, now)).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(yesterday)));
    expect(formatSince(null, now)).toBe(DASH);
  });
});

describe('formatTimeLeft (issue 42: the time an alert still waits for approval)', () => {
  it('given what is left, then hours and minutes, minutes and seconds, or seconds, rounded up to the second; nothing once over', () => {
    expect([3_725_000, 300_000, 65_000, 64_001, 32_000, 400, 0, -5_000, Number.NaN].map(formatTimeLeft)).toEqual([
      '1 h 02 min',
      '5 min 00 s',
      '1 min 05 s',
      '1 min 05 s',
      '32 s',
      '1 s',
      '0 s',
      '0 s',
      '0 s',
    ]);
  });
});

describe('formatDuration (issue 43: how long a trade was held)', () => {
  it('given a duration, then its two largest units; under a second "< 1 s"; unknown "—"', () => {
    expect([42_000, 600_000, 2 * 3_600_000 + 5 * 60_000, 3 * 86_400_000 + 4 * 3_600_000, 400, 0, null].map(formatDuration)).toEqual([
      '42 s',
      '10 min',
      '2 h 05 min',
      '3 d 4 h',
      '< 1 s',
      '0 s',
      DASH,
    ]);
  });
});
