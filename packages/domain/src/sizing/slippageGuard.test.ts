import { describe, expect, it } from 'vitest';
import { slippageGuard } from './slippageGuard.js';

describe('slippageGuard', () => {
  it('TAB-SET-25: given ETH at mid 3000 and 1 % tolerance, when guarded, then a buy may fill up to 3030 and a sell down to 2970', () => {
    expect(slippageGuard(3000, 1, 4)).toEqual({ buy: '3030', sell: '2970' });
  });

  it('TAB-SET-25: given a guard between valid prices, when guarded, then both sides round inwards', () => {
    // 97123.456 × 1.005 = 97609.07328 ; × 0.995 = 96637.83872
    expect(slippageGuard(97123.456, 0.5, 5)).toEqual({ buy: '97609', sell: '96638' });
  });
});
