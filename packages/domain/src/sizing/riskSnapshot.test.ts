import { describe, expect, it } from 'vitest';
import { riskSnapshot } from './riskSnapshot.js';
import { settingsWith } from './testing/planFixtures.js';

const balance = { availableBalance: 2000, totalEquity: 4000 };

describe('riskSnapshot', () => {
  it('TAB-SET-15: given $100 fixed, a $1,000 cap, 3 slots and 1 open position, when snapshotted, then request 100, headroom 900, 2 slots', () => {
    const settings = settingsWith({ positionSizing: { mode: 'fixed', value: 100 }, riskLimits: { maxPositionSize: 1000, maxOpenPositions: 3 } });
    expect(riskSnapshot(settings, balance, 1)).toEqual({ currentRequest: 100, headroom: 900, slots: 2 });
  });

  it('TAB-SET-15: given a request above the cap, when snapshotted, then the current request is the amount after limits and headroom 0', () => {
    const settings = settingsWith({ positionSizing: { mode: 'percentage_equity', value: 50 }, riskLimits: { maxPositionSize: 1000 } });
    expect(riskSnapshot(settings, balance, 0)).toMatchObject({ currentRequest: 1000, headroom: 0 });
  });

  it('CONST-17: given Max Position Size 0, when snapshotted, then headroom is null (no cap, shown ∞)', () => {
    expect(riskSnapshot(settingsWith({ riskLimits: { maxPositionSize: 0 } }), balance, 0).headroom).toBeNull();
  });

  it('given more open positions than allowed, when snapshotted, then slots stay at 0', () => {
    expect(riskSnapshot(settingsWith({ riskLimits: { maxOpenPositions: 2 } }), balance, 5).slots).toBe(0);
  });
});
