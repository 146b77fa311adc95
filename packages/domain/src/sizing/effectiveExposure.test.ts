import { describe, expect, it } from 'vitest';
import { effectiveExposure } from './effectiveExposure.js';

describe('effectiveExposure', () => {
  it('CONST-18: given $250 after limits at 3x, when computed, then the exposure is $750', () => {
    expect(effectiveExposure(250, 3)).toBe(750);
  });

  it('VAL-14: given an invalid amount or leverage, when computed, then the exposure is 0', () => {
    expect(effectiveExposure(NaN, 3)).toBe(0);
    expect(effectiveExposure(100, -2)).toBe(0);
  });
});
