import { describe, expect, it } from 'vitest';
import { afterTargetFill, fitTargets, takeProfitTargets } from './takeProfits.js';
import { wantedProtection, mergeProtection } from './protectionPlan.js';

describe('several take-profits (issue 41, point 1)', () => {
  it('given a long of 0.1 entered at 3000 and take-profits at 3600 (50%) and +4% (50%), then targets nearest first, each 0.05', () => {
    const { targets, tooSmall } = takeProfitTargets(
      [
        { price: 3600, percent: 50 },
        { offsetPercent: 4, percent: 50 },
      ],
      '3000',
      '0.1',
      4,
    );
    expect(targets).toEqual([
      { triggerPx: '3120', size: '0.05' },
      { triggerPx: '3600', size: '0.05' },
    ]);
    expect(tooSmall).toEqual([]);
  });

  it('given a short, then an offset lies below the entry, and the farthest (lowest) comes last', () => {
    const { targets } = takeProfitTargets(
      [
        { offsetPercent: 10, percent: 30 },
        { offsetPercent: 5, percent: 30 },
      ],
      '3000',
      '-1',
      2,
    );
    expect(targets).toEqual([
      { triggerPx: '2850', size: '0.3' },
      { triggerPx: '2700', size: '0.3' },
    ]);
  });

  it('given a part smaller than one size step, then it is left out and reported, never rounded up', () => {
    const { targets, tooSmall } = takeProfitTargets([{ price: 3600, percent: 5 }], '3000', '0.01', 2);
    expect(targets).toEqual([]);
    expect(tooSmall).toEqual([{ triggerPx: '3600', percent: 5 }]);
  });

  it('given targets of 0.05 and 0.05 and a position cut to 0.07 by hand, then the nearest keeps its 0.05 and the farthest is trimmed to 0.02', () => {
    const targets = [
      { triggerPx: '3120', size: '0.05' },
      { triggerPx: '3600', size: '0.05' },
    ];
    expect(fitTargets(targets, '0.07', 4)).toEqual([
      { triggerPx: '3120', size: '0.05' },
      { triggerPx: '3600', size: '0.02' },
    ]);
    expect(fitTargets(targets, '0', 4)).toEqual([]);
  });

  it('given the first target filled, then it is gone; a partial fill leaves the rest of it', () => {
    const targets = [
      { triggerPx: '3120', size: '0.05' },
      { triggerPx: '3600', size: '0.05' },
    ];
    expect(afterTargetFill(targets, '3120', '0.05')).toEqual([{ triggerPx: '3600', size: '0.05' }]);
    expect(afterTargetFill(targets, '3120', '0.02')).toEqual([
      { triggerPx: '3120', size: '0.03' },
      { triggerPx: '3600', size: '0.05' },
    ]);
  });

  it('given a stop and two targets on a position of 0.05 after the first filled, then the stop covers 0.05 and the one target left its 0.05', () => {
    const wanted = wantedProtection('0.05', { stopLoss: '2900', takeProfits: [{ triggerPx: '3600', size: '0.05' }] }, 4);
    expect(wanted.map(({ kind, triggerPx, size, isBuy }) => ({ kind, triggerPx, size, isBuy }))).toEqual([
      { kind: 'sl', triggerPx: '2900', size: '0.05', isBuy: false },
      { kind: 'tp', triggerPx: '3600', size: '0.05', isBuy: false },
    ]);
  });
});

describe('mergeProtection (issue 41)', () => {
  const current = { stopLoss: '2900', takeProfit: '3500', breakEven: { activationPx: '3030', stopPx: '3003' } };

  it('given take-profits asked, then they replace the single take-profit, and the stop and break-even stay', () => {
    expect(mergeProtection(current, { takeProfits: [{ triggerPx: '3600', size: '0.05' }] }, { flat: false, sideChanged: false })).toEqual({
      stopLoss: '2900',
      takeProfits: [{ triggerPx: '3600', size: '0.05' }],
      breakEven: { activationPx: '3030', stopPx: '3003' },
    });
  });

  it('given only a stop asked, then the rest is kept; given a flat position, then nothing; given a side change, then only what was asked', () => {
    expect(mergeProtection(current, { stopLoss: '2950' }, { flat: false, sideChanged: false })).toEqual({ ...current, stopLoss: '2950' });
    expect(mergeProtection(current, { stopLoss: '2950' }, { flat: true, sideChanged: false })).toEqual({});
    expect(mergeProtection(current, { stopLoss: '3100' }, { flat: false, sideChanged: true })).toEqual({ stopLoss: '3100' });
  });
});
