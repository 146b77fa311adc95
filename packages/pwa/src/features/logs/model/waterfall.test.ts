import type { WebhookLogStages } from '@hyperhook/domain';
import { describe, expect, it } from 'vitest';
import { ALERT_SOURCE_LABEL, buildWaterfall } from './waterfall';

const T0 = Date.parse('2026-11-24T12:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();
const stages = (s: Partial<WebhookLogStages>): WebhookLogStages => ({
  received: at(0),
  validated: null,
  sized: null,
  signed: null,
  sent: null,
  acknowledged: null,
  filled: null,
  ...s,
});
const bars = (w: ReturnType<typeof buildWaterfall>) => w.steps.map((s) => [s.label, s.offsetMs, s.durationMs, s.slowest]);

describe("latency waterfall (beyond the spec: where a signal's time went)", () => {
  it('given every stage, then one interval per stage, in order, with what happened in it; the slowest is marked', () => {
    const waterfall = buildWaterfall(stages({ validated: at(40), sized: at(45), signed: at(47), sent: at(50), acknowledged: at(350), filled: at(360) }));
    expect(bars(waterfall)).toEqual([
      ['Validate & read market', 0, 40, false],
      ['Size order', 40, 5, false],
      ['Sign', 45, 2, false],
      ['Send', 47, 3, false],
      ['Exchange', 50, 300, true],
      ['Fill', 350, 10, false],
    ]);
    expect(waterfall.totalMs).toBe(360);
  });

  it('given stages not recorded, then they are skipped: the interval runs to the next recorded one', () => {
    expect(bars(buildWaterfall(stages({ validated: at(30), sent: at(80), acknowledged: at(100) })))).toEqual([
      ['Validate & read market', 0, 30, false],
      ['Send', 30, 50, true],
      ['Exchange', 80, 20, false],
    ]);
  });

  it('given the alert\'s own time, then "alert source → received" comes first, so a slow alert source shows', () => {
    const waterfall = buildWaterfall(stages({ validated: at(20) }), at(-2_500));
    expect(bars(waterfall)).toEqual([
      [ALERT_SOURCE_LABEL, 0, 2_500, true],
      ['Validate & read market', 2_500, 20, false],
    ]);
    expect(ALERT_SOURCE_LABEL).toBe('Alert source → received');
  });

  it('given only the receipt, then nothing to show; given one interval, then nothing is called slowest', () => {
    expect(buildWaterfall(stages({}))).toEqual({ steps: [], totalMs: 0 });
    expect(bars(buildWaterfall(stages({ validated: at(10) })))).toEqual([['Validate & read market', 0, 10, false]]);
  });

  it('given clocks that disagree (a fill stamped before the acknowledgement), then that interval counts as 0, never negative', () => {
    expect(bars(buildWaterfall(stages({ acknowledged: at(200), filled: at(150) })))).toEqual([
      ['Exchange', 0, 200, true],
      ['Fill', 200, 0, false],
    ]);
  });
});
