import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../exchange/decimal.js';
import { armTrail, trailMove, trailMoveBound, TRAIL_MIN_MOVE_INTERVAL_MS, type TrailingStop } from './trailingStop.js';
import { nextStopMove } from './stopMoves.js';

const T0 = Date.parse('2026-12-03T09:00:00.000Z');

describe('trailing stop (issue 41, point 1)', () => {
  it('given a long entered at 3000 trailing 2%, then the stop starts 2% below the entry and the trail is active at once', () => {
    expect(armTrail({ percent: 2 }, '3000', true, 4)).toEqual({ trail: { percent: '2', active: true }, stopPx: '2940' });
  });

  it('given a short with activationPercent 1 and a $50 trail, then the stop starts $50 above the entry and activates at 1% below it', () => {
    expect(armTrail({ amount: 50, activationPercent: 1 }, '3000', false, 4)).toEqual({
      trail: { amount: '50', activationPx: '2970', active: false },
      stopPx: '3050',
    });
  });

  it('given an inactive trail, when the mid has not reached the activation, then nothing; when it has, then it activates and, a step tighter, moves', () => {
    const trail: TrailingStop = { percent: '2', activationPx: '3030', active: false };
    expect(trailMove(trail, true, 3029, '2940', T0, 4)).toBeUndefined();
    const moved = trailMove(trail, true, 3100, '2940', T0, 4);
    expect(moved).toEqual({ stopPx: '3038', trail: { ...trail, active: true, movedAt: new Date(T0).toISOString() } });
  });

  it('given an active long trail at 2940, when the trail would tighten by less than a quarter of its distance, then it stays; by more, then it moves; never down', () => {
    const trail: TrailingStop = { percent: '2', active: true };
    // Distance at 3010 is 60.2, a step 15.05: 3010 × 0.98 = 2949.8 is under 2940 + 15.05.
    expect(trailMove(trail, true, 3010, '2940', T0, 4)).toBeUndefined();
    expect(trailMove(trail, true, 3020, '2940', T0, 4)?.stopPx).toBe('2959.6');
    expect(trailMove(trail, true, 2900, '2940', T0, 4)).toBeUndefined();
  });

  it('given a move less than the interval ago, then the stop waits, however far the price ran', () => {
    const trail: TrailingStop = { percent: '2', active: true, movedAt: new Date(T0).toISOString() };
    expect(trailMove(trail, true, 3500, '2940', T0 + TRAIL_MIN_MOVE_INTERVAL_MS - 1, 4)).toBeUndefined();
    expect(trailMove(trail, true, 3500, '2940', T0 + TRAIL_MIN_MOVE_INTERVAL_MS, 4)?.stopPx).toBe('3430');
  });

  it('given a break-even move and a trail both asking, then the tighter stop wins and the break-even is done', () => {
    const move = nextStopMove(
      { stopLoss: '2940', breakEven: { activationPx: '3030', stopPx: '3003' }, trailingStop: { percent: '2', active: true } },
      true,
      3100,
      T0,
      4,
    );
    expect(move).toEqual({
      prices: { stopLoss: '3038', trailingStop: { percent: '2', active: true, movedAt: new Date(T0).toISOString() } },
      clearBreakEven: true,
    });
  });

  it("issue 41 §5: given any price path checked every 5 s for an hour, then a long's stop only rises, stays behind the price, and moves no more than the documented bound", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -300, max: 300 }), { minLength: 720, maxLength: 720 }), fc.integer({ min: 1, max: 5 }), (steps, percent) => {
        let mid = 3000;
        const armed = armTrail({ percent }, '3000', true, 4)!;
        let trail = armed.trail;
        let stop = armed.stopPx;
        let moves = 0;
        let high = mid;
        let low = mid;
        steps.forEach((step, i) => {
          mid = Math.max(100, mid + step / 10);
          high = Math.max(high, mid);
          low = Math.min(low, mid);
          const move = trailMove(trail, true, mid, stop, T0 + i * 5_000, 4);
          if (move === undefined) return;
          trail = move.trail;
          if (move.stopPx === undefined) return;
          expect(new Dec(move.stopPx).gt(stop)).toBe(true);
          expect(new Dec(move.stopPx).lt(mid)).toBe(true);
          stop = move.stopPx;
          moves++;
        });
        // The distance at the hour's low is the smallest a step can be.
        expect(moves).toBeLessThanOrEqual(trailMoveBound(high - low, (low * percent) / 100));
      }),
      { numRuns: 200 },
    );
  });
});
