import { describe, expect, it } from 'vitest';
import { judgeFlat, slope } from './flatness.js';

const times = Array.from({ length: 30 }, (_, i) => i * 10);
const tolerance = { relative: 0.1, absolute: 1 };

describe('flatness of a soak series', () => {
  it('given a line through known points, when its slope is fitted, then it is the line’s', () => {
    expect(slope([0, 1, 2, 3], [1, 3, 5, 7])).toBe(2);
    expect(slope([5, 5], [1, 2])).toBe(0);
  });

  it('given a series that climbs in the warm-up third and then holds with noise, when judged, then it is flat', () => {
    const values = times.map((t, i) => (t < 100 ? t : 100 + (i % 2 === 0 ? 2 : -2)));
    const judged = judgeFlat(times, values, tolerance);
    expect(judged.verdict).toBe('flat');
    expect(judged.middleMean).toBeCloseTo(100, 0);
  });

  it('given a series that grows 1 a second throughout, when judged, then it is rising, at 3,600 an hour', () => {
    const judged = judgeFlat(
      times,
      times.map((t) => 100 + t),
      tolerance,
    );
    expect(judged.verdict).toBe('rising');
    expect(judged.slopePerHour).toBeCloseTo(3600, 6);
  });

  it('given a level that drops in the last third, when judged, then it is falling', () => {
    expect(
      judgeFlat(
        times,
        times.map((t) => (t < 200 ? 100 : 50)),
        tolerance,
      ).verdict,
    ).toBe('falling');
  });

  it('given a series near zero that moves less than the absolute floor, when judged, then it is flat though it doubled', () => {
    expect(
      judgeFlat(
        times,
        times.map((t) => (t < 200 ? 0.4 : 0.8)),
        tolerance,
      ).verdict,
    ).toBe('flat');
  });

  it('given missing samples, when judged, then they are left out rather than read as zero', () => {
    const values = times.map((_, i) => (i % 3 === 0 ? null : 50));
    expect(judgeFlat(times, values, tolerance)).toMatchObject({ verdict: 'flat', middleMean: 50, lastMean: 50 });
  });

  it('given fewer than three samples in a third, when judged, then there is no verdict', () => {
    expect(judgeFlat([0, 10, 20, 30], [1, 1, 1, 1], tolerance).verdict).toBe('too few samples');
  });
});
