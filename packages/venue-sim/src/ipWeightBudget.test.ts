/** The per-IP rolling weight window, on a clock the test moves. */
import { describe, expect, it } from 'vitest';
import { IpWeightBudget, WEIGHT_WINDOW_MS } from './ipWeightBudget.js';
import { createClock } from './testing/harness.js';

const A = '10.0.0.1';
const B = '10.0.0.2';

describe('IpWeightBudget', () => {
  it('given a limit of 10, when 6 then 4 are charged, then both fit and 1 more is refused without being charged', () => {
    const clock = createClock();
    const budget = new IpWeightBudget(10, clock.now);
    expect(budget.tryCharge(A, 6)).toBe(true);
    expect(budget.tryCharge(A, 4)).toBe(true);
    expect(budget.tryCharge(A, 1)).toBe(false);
    expect(budget.used(A)).toBe(10);
  });

  it('given charges at t and t+30 s, then each leaves the window exactly 60 s after it was made', () => {
    const clock = createClock();
    const budget = new IpWeightBudget(10, clock.now);
    budget.tryCharge(A, 6);
    clock.advance(30_000);
    budget.tryCharge(A, 4);
    clock.advance(WEIGHT_WINDOW_MS - 30_000 - 1);
    expect(budget.used(A)).toBe(10);
    expect(budget.tryCharge(A, 1)).toBe(false);
    clock.advance(1);
    expect(budget.used(A)).toBe(4);
    expect(budget.tryCharge(A, 6)).toBe(true);
  });

  it('given one IP at its limit, then another IP is not affected', () => {
    const budget = new IpWeightBudget(10, createClock().now);
    budget.tryCharge(A, 10);
    expect(budget.tryCharge(B, 10)).toBe(true);
    expect(budget.usage()).toEqual({ [A]: 10, [B]: 10 });
  });

  it('given an unconditional charge, then it may take the IP over the limit and the next request is refused', () => {
    const budget = new IpWeightBudget(10, createClock().now);
    budget.tryCharge(A, 9);
    budget.charge(A, 3);
    expect(budget.used(A)).toBe(12);
    expect(budget.tryCharge(A, 1)).toBe(false);
  });

  it('given no limit, then nothing is refused but usage is still reported', () => {
    const budget = new IpWeightBudget(null, createClock().now);
    for (let i = 0; i < 100; i += 1) expect(budget.tryCharge(A, 60)).toBe(true);
    expect(budget.usage()).toEqual({ [A]: 6000 });
  });

  it('given every charge expired, then the IP disappears from usage', () => {
    const clock = createClock();
    const budget = new IpWeightBudget(10, clock.now);
    budget.tryCharge(A, 5);
    clock.advance(WEIGHT_WINDOW_MS);
    expect(budget.usage()).toEqual({});
  });

  it('given many charges over several windows, then only the last window counts', () => {
    const clock = createClock();
    const budget = new IpWeightBudget(null, clock.now);
    for (let i = 0; i < 5_000; i += 1) {
      clock.advance(100);
      budget.charge(A, 1);
      // Reading as it goes drops expired charges along the way, compacting the list more than once.
      expect(budget.used(A)).toBe(Math.min(i + 1, 600));
    }
    // One per 100 ms: the charge made 60 s before now has just left, the 600 since are inside.
    expect(budget.used(A)).toBe(600);
  });
});
