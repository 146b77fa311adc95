import { describe, expect, it } from 'vitest';
import { LatencyBySecond, worstSecondsText } from './worstSeconds.js';

describe('worst seconds of a run', () => {
  it('given latencies over seven seconds, when the worst are asked for, then five come back, slowest first, each with its p99 and max', () => {
    const bySecond = new LatencyBySecond();
    for (let second = 0; second < 7; second++) for (let i = 1; i <= 100; i++) bySecond.add(second * 1000 + i, second === 3 ? 100 + i : i);
    const worst = bySecond.worst();
    expect(worst.map((w) => w.second)).toEqual([3, 0, 1, 2, 4]);
    expect(worst[0]).toEqual({ second: 3, p99: expect.any(Number), max: 200 });
    expect(worst[0]!.p99).toBeGreaterThan(190);
    expect(worstSecondsText(worst.slice(0, 2))).toBe(`3: ${worst[0]!.p99} / 200, 0: ${worst[1]!.p99} / 100`);
  });
});
