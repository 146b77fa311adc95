import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountAfterLimits, amountCap } from './amountAfterLimits.js';
import { settingsWith } from './testing/planFixtures.js';

describe('amountAfterLimits', () => {
  it('CONST-16: caps by max position size then by available balance', () => {
    const settings = settingsWith({ riskLimits: { maxPositionSize: 500 } });
    expect(amountAfterLimits(800, settings, { availableBalance: 1000, totalEquity: 1000 })).toBe(500);
    expect(amountAfterLimits(800, settings, { availableBalance: 300, totalEquity: 1000 })).toBe(300);
    expect(amountAfterLimits(200, settings, { availableBalance: 1000, totalEquity: 1000 })).toBe(200);
  });

  it('CONST-17: given Max Position Size 0, when capping, then there is no size cap, only the balance', () => {
    const settings = settingsWith({ riskLimits: { maxPositionSize: 0 } });
    expect(amountAfterLimits(5000, settings, { availableBalance: 10_000, totalEquity: 10_000 })).toBe(5000);
    expect(amountAfterLimits(50_000, settings, { availableBalance: 10_000, totalEquity: 10_000 })).toBe(10_000);
  });

  it('VAL-14: given a negative request or balance, when capping, then the amount is 0, never negative', () => {
    expect(amountAfterLimits(-100, settingsWith(), { availableBalance: 1000, totalEquity: 1000 })).toBe(0);
    expect(amountAfterLimits(100, settingsWith(), { availableBalance: -1000, totalEquity: 0 })).toBe(0);
  });

  it('given any request, settings and balance, when capped, then neither cap is exceeded and the amount is never negative or above the request', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e7, max: 1e9, noNaN: true }),
        fc.double({ min: 0, max: 1e7, noNaN: true }),
        fc.double({ min: -1e6, max: 1e8, noNaN: true }),
        (requested, maxPositionSize, availableBalance) => {
          const amount = amountAfterLimits(requested, settingsWith({ riskLimits: { maxPositionSize } }), { availableBalance, totalEquity: 0 });
          expect(amount).toBeGreaterThanOrEqual(0);
          expect(amount).toBeLessThanOrEqual(Math.max(0, requested));
          if (maxPositionSize > 0) expect(amount).toBeLessThanOrEqual(maxPositionSize);
          expect(amount).toBeLessThanOrEqual(Math.max(0, availableBalance));
        },
      ),
    );
  });
});

describe('amountCap', () => {
  const settings = settingsWith({ riskLimits: { maxPositionSize: 500 } });
  it.each([
    [200, 1000, null],
    [800, 1000, 'maxPositionSize'],
    [800, 300, 'availableBalance'],
    [400, 300, 'availableBalance'],
  ])('given a request of %s with $%s available and a $500 cap, when explained, then the binding cap is %s', (requested, availableBalance, expected) => {
    expect(amountCap(requested, settings, { availableBalance, totalEquity: 0 })).toBe(expected);
  });
});
