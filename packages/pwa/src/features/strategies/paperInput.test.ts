import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/apiError';
import { refusedField, usdcInput } from './paperInput';

describe('paper balance input (issue 30, point 4)', () => {
  it('issue 30, point 4: given an amount typed with grouping, a dollar sign or spaces, then its number; blank or words are no number', () => {
    expect(['10,000', ' 2500.5 ', '$700', '1_000'].map(usdcInput)).toEqual([10_000, 2500.5, 700, 1000]);
    expect(['', '   ', 'ten', '1e'].map(usdcInput)).toEqual([null, null, null, null]);
  });

  it("issue 30, point 4: given a refusal naming paperBalance, then the balance field; any other refusal is the name's", () => {
    const balance = new ApiError('x', 400, 'x', { fieldErrors: [{ field: 'paperBalance', message: 'Paper balance must be at least 100 USDC.' }] });
    const name = new ApiError('x', 409, 'x', { fieldErrors: [{ field: 'name', message: 'taken' }] });
    expect([refusedField(balance), refusedField(name), refusedField(new ApiError('x', 400)), refusedField(new Error('offline'))]).toEqual([
      'paperBalance',
      'name',
      'name',
      'name',
    ]);
  });
});
