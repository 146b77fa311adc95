import { describe, expect, it } from 'vitest';
import { requestedAmount } from './requestedAmount.js';
import { settingsWith } from './testing/planFixtures.js';

const balance = { availableBalance: 2000, totalEquity: 5000 };

describe('requestedAmount', () => {
  it('CONST-13: given fixed mode, when sizing, then the value is the amount', () => {
    expect(requestedAmount(settingsWith({ positionSizing: { mode: 'fixed', value: 250 } }), balance)).toBe(250);
  });

  it('CONST-14: given percentage_balance, when sizing, then it is available balance × value %', () => {
    expect(requestedAmount(settingsWith({ positionSizing: { mode: 'percentage_balance', value: 10 } }), balance)).toBe(200);
  });

  it('CONST-15: given percentage_equity, when sizing, then it is total equity × value %', () => {
    expect(requestedAmount(settingsWith({ positionSizing: { mode: 'percentage_equity', value: 10 } }), balance)).toBe(500);
  });

  it('CONST-12: given a payload size, when sizing, then it overrides the Settings mode', () => {
    expect(requestedAmount(settingsWith({ positionSizing: { mode: 'percentage_equity', value: 10 } }), balance, 75)).toBe(75);
  });

  it('given a payload size that is not positive, when sizing, then it is 0 rather than a fallback to Settings', () => {
    expect(requestedAmount(settingsWith(), balance, -10)).toBe(0);
    expect(requestedAmount(settingsWith(), balance, NaN)).toBe(0);
  });

  it.each([0, -5, NaN])('VAL-14: given the sizing value %s, when sizing, then it counts as 0', (value) => {
    expect(requestedAmount(settingsWith({ positionSizing: { mode: 'fixed', value } }), balance)).toBe(0);
  });

  it('VAL-14: given a negative balance, when sizing by percentage, then the amount is 0', () => {
    const settings = settingsWith({ positionSizing: { mode: 'percentage_balance', value: 50 } });
    expect(requestedAmount(settings, { availableBalance: -300, totalEquity: -300 })).toBe(0);
  });
});
