import { describe, expect, it } from 'vitest';
import { breakEvenPrices, breakEvenStop } from './breakEven.js';

describe('break-even (issue 41, point 1)', () => {
  it('given a long entered at 3000 with activation 1% and offset 0.1%, then it activates at 3030 and moves the stop to 3003', () => {
    expect(breakEvenPrices('3000', true, { activationPercent: 1, offsetPercent: 0.1 }, 4)).toEqual({ activationPx: '3030', stopPx: '3003' });
  });

  it('given a short entered at 3000, then the activation and the stop lie below the entry', () => {
    expect(breakEvenPrices('3000', false, { activationPercent: 2, offsetPercent: 0 }, 4)).toEqual({ activationPx: '2940', stopPx: '3000' });
  });

  it('given prices that need rounding, then they are valid venue prices: five significant figures', () => {
    expect(breakEvenPrices('97123', true, { activationPercent: 1, offsetPercent: 0.1 }, 5)).toEqual({ activationPx: '98095', stopPx: '97220' });
  });

  it('given a long armed at 3030, when the mid is below it, then nothing moves; at or above it, then the stop goes to 3003', () => {
    const armed = { activationPx: '3030', stopPx: '3003' };
    expect(breakEvenStop(armed, true, 3029.9, '2900')).toBeUndefined();
    expect(breakEvenStop(armed, true, 3030, '2900')).toBe('3003');
    expect(breakEvenStop(armed, true, 3100, undefined)).toBe('3003');
  });

  it('given a stop already tighter than break-even, when the activation is reached, then the stop is left where it is: it only ever tightens', () => {
    expect(breakEvenStop({ activationPx: '3030', stopPx: '3003' }, true, 3050, '3010')).toBeUndefined();
    expect(breakEvenStop({ activationPx: '2940', stopPx: '3000' }, false, 2900, '2990')).toBeUndefined();
    expect(breakEvenStop({ activationPx: '2940', stopPx: '3000' }, false, 2900, '3100')).toBe('3000');
  });

  it('given no usable mid, then nothing moves', () => {
    expect(breakEvenStop({ activationPx: '3030', stopPx: '3003' }, true, Number.NaN, '2900')).toBeUndefined();
  });
});
