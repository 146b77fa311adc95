import { describe, expect, it } from 'vitest';
import { protectionPlanPreview, trailStepRuleText } from './protectionPlanPreview.js';

const longPlan = { isBuy: true, size: '0.1', referencePrice: '3000', szDecimals: 4, reduceOnly: false, children: [] };

describe('protectionPlanPreview (issue 41 §2)', () => {
  it('issue 41 §2: given take-profits by offset and by price, when previewed, then each has its trigger and its coins at the previewed size, nearest first', () => {
    const preview = protectionPlanPreview(
      {
        takeProfits: [
          { price: 3300, percent: 50 },
          { offsetPercent: 4, percent: 50 },
        ],
      },
      longPlan,
    );
    expect(preview?.takeProfits).toEqual([
      { triggerPx: '3120', offsetPercent: 4, percent: 50, size: '0.05' },
      { triggerPx: '3300', percent: 50, size: '0.05' },
    ]);
  });

  it('issue 41 §2: given a take-profit smaller than a size step, when previewed, then it shows a size of 0', () => {
    const preview = protectionPlanPreview({ takeProfits: [{ offsetPercent: 4, percent: 0.01 }] }, longPlan);
    expect(preview?.takeProfits?.[0]?.size).toBe('0');
  });

  it('issue 41 §2: given a 2% trail from +1%, when previewed, then its activation, first stop and step rule are given', () => {
    const preview = protectionPlanPreview({ trailingStop: { percent: 2, activationPercent: 1 } }, longPlan);
    expect(preview?.trailingStop).toEqual({
      percent: 2,
      activationPercent: 1,
      activationPx: '3030',
      firstStopPx: '2940',
      stepRule: 'moves when it can tighten by ¼ of the distance, at most every 30 s',
    });
  });

  it("issue 41 §2: given a trail and a stop-loss, when previewed, then the trail's first stop is the alert's stop-loss", () => {
    const plan = { ...longPlan, children: [{ kind: 'sl' as const, triggerPx: '2900' }] };
    expect(protectionPlanPreview({ trailingStop: { amount: 50 } }, plan)?.trailingStop?.firstStopPx).toBe('2900');
  });

  it('issue 41 §2: given a short with break-even, when previewed, then the activation and the stop lie below the fill', () => {
    const preview = protectionPlanPreview({ breakEven: { activationPercent: 1, offsetPercent: 0.1 } }, { ...longPlan, isBuy: false });
    expect(preview).toEqual({ fillPx: '3000', breakEven: { activationPercent: 1, offsetPercent: 0.1, activationPx: '2970', stopPx: '2997' } });
  });

  it('issue 41 §2: given a close or an alert without exits, when previewed, then there is no protection plan', () => {
    expect(protectionPlanPreview({}, longPlan)).toBeNull();
    expect(protectionPlanPreview({ breakEven: { activationPercent: 1, offsetPercent: 0 } }, { ...longPlan, reduceOnly: true })).toBeNull();
  });

  it('issue 41 §2: given other constants, when the step rule is written, then it follows them', () => {
    expect(trailStepRuleText(0.5, 120_000)).toBe('moves when it can tighten by ½ of the distance, at most every 2 min');
  });
});
