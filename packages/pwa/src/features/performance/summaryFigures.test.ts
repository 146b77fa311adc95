import { describe, expect, it } from 'vitest';
import { executionText } from './summaryFigures';

describe('executionText (issue 43)', () => {
  it('given averages, then both are told; given none, then nothing is made up', () => {
    expect(executionText({ averageSlippageBps: -1.5, averageAlertToFillMs: 12.6 })).toBe('slippage -1.5 bps · alert → fill 13 ms');
    expect(executionText({ averageAlertToFillMs: 40 })).toBe('alert → fill 40 ms');
    expect(executionText({})).toBeNull();
  });
});
