import { describe, expect, it } from 'vitest';
import { checkAddressBudget, requestCap } from './addressBudget.js';

describe('address budget', () => {
  it('given no volume, then the cap is 10000', () => {
    expect(requestCap(0)).toBe(10_000);
    expect(checkAddressBudget(9_999, 1, 0, false)).toBeNull();
  });
  it('given an exhausted budget, when an order arrives, then the venue string names the numbers', () => {
    expect(checkAddressBudget(97_456, 4, 87_457.46, false)).toBe(
      'Too many cumulative requests sent (97460 > 97457) for cumulative volume traded $87457.46. Place taker orders to free up 1 request per USDC traded.',
    );
  });
  it('given an exhausted budget, when a cancel arrives, then the higher cancel cap applies', () => {
    expect(checkAddressBudget(10_000, 1, 0, true)).toBeNull();
    expect(checkAddressBudget(20_000, 1, 0, true)).not.toBeNull();
  });
});
