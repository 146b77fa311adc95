import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findWallClockAssertions } from './findWallClockAssertions.js';
import { listTestFiles } from './listTestFiles.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The lines of a sample test file the guard flags. */
const flaggedLines = (source: string): number[] => findWallClockAssertions('sample.test.ts', source).map((found) => found.line);

describe('no test asserts on elapsed wall time (issue 40, point 8)', () => {
  it('issue 40, point 8: given every test file under packages/, tests/, bench/ and scripts/, when scanned, then none bounds elapsed wall time (inject a clock, or assert the order of things)', () => {
    // given
    const files = listTestFiles(repoRoot);
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('scripts/wallClock/wallClockAssertions.test.ts');
    // when
    const found = files.flatMap((file) =>
      findWallClockAssertions(file, readFileSync(`${repoRoot}${file}`, 'utf8')).map(({ line, text }) => `${file}:${line}: ${text}`),
    );
    // then
    expect(found).toEqual([]);
  });

  it('issue 40, point 8: given a sample timing the code under test with the wall clock, when scanned, then each bound on the elapsed time is flagged at its line', () => {
    // given: the shapes this issue removed, one a line from line 2
    const sample = `
      const started = performance.now(); expect(performance.now() - started).toBeLessThan(20);
      const stoppedAt = Date.now(); expect(Date.now() - stoppedAt).toBeLessThan(2_000);
      const killedAt = Date.now(); const takeoverMs = Date.now() - killedAt; expect(takeoverMs).toBeLessThan(12_000);
      fillReadTimes.push(Date.now()); expect((fillReadTimes[1] ?? 0) - (fillReadTimes[0] ?? 0)).toBeGreaterThanOrEqual(1_400);
      const times = [...fillReadTimes].sort((a, b) => a - b); for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(350);
      const t0 = process.hrtime.bigint(); expect.soft(process.hrtime.bigint() - t0).not.toBeGreaterThan(5_000_000n);
      const begun = new Date().getTime(); const tookMs = new Date().getTime() - begun; expect(tookMs < 100).toBe(true);
      const until = Date.now() + 2_000; expect(Date.now()).toBeLessThanOrEqual(until);
      expect(performance.now()).toBeLessThan(started + 500);
    `;
    // when
    const lines = flaggedLines(sample);
    // then
    expect(lines).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('issue 40, point 8: given a sample on an injected clock, or bracketing a timestamp, when scanned, then nothing is flagged', () => {
    // given: a clock the test moves, waits recorded, timestamps bounded by reads (no slowness fails them)
    const sample = `
      let now = Date.now(); now += 300; expect(now - lastReadAt).toBeGreaterThanOrEqual(300);
      expect(waits).toEqual([10, 1_200]);
      expect(result.expiresAfter).toBeGreaterThan(Date.now());
      const before = Date.now(); expect(fillReadsSince[0]).toBeGreaterThanOrEqual(before - FILLS_CLOCK_MARGIN_MS);
      const h = await startHarness({ client: { now: () => Date.now() + offset } }); expect(h.sent - h.acked).toBeLessThan(3);
    `;
    // when
    const lines = flaggedLines(sample);
    // then
    expect(lines).toEqual([]);
  });
});
