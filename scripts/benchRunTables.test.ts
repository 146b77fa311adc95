import { describe, expect, it } from 'vitest';
import { isSeparator, rowKeys, rowsOf, withBefore } from './benchRunTables.mjs';

const previousRun = [
  '## bench/pwa',
  '',
  '| page | throttling | LCP | before (aaa1111, 2026-12-05) |',
  '|---|---|---:|---|',
  '| /dashboard | simulated | 3527 ms | 4000 ms |',
  '| /dashboard | devtools | **5757 ms** | 6000 ms |',
  '',
  '## bench/product',
  '',
  '| row | ack p99 | before (aaa1111, 2026-12-05) |',
  '|---|---:|---|',
  '| idle, exchange budget raised | 9.43 | 8.49 |',
].join('\n');

const output = [
  'Lighthouse, median of 5',
  '',
  '| page | throttling | LCP |',
  '|---|---|---:|',
  '| /dashboard | simulated | 2232 ms |',
  '| /dashboard | devtools | 2295 ms |',
].join('\n');

describe('bench:run tables (issue 44 §7: every row beside its figures of before)', () => {
  it('issue 44 §7: given a run with two rows of one name, when the next run prints them in the same order, then each row gets its own figures of before', () => {
    // given
    const before = rowsOf(previousRun, { withBefore: true });
    // when
    const kept = withBefore(output, before, 'before (bbb2222, 2026-12-06)', rowKeys());
    // then
    expect(kept.split('\n').slice(2)).toEqual([
      '| page | throttling | LCP | before (bbb2222, 2026-12-06) |',
      '|---|---|---:|---|',
      '| /dashboard | simulated | 2232 ms | simulated · 3527 ms |',
      '| /dashboard | devtools | 2295 ms | devtools · **5757 ms** |',
    ]);
  });

  it('issue 44 §7: given the previous file is a run of bench:run, when its rows are read, then its own before column is left out, so figures never nest a run deeper', () => {
    // when
    const rows = rowsOf(previousRun, { withBefore: true });
    // then
    expect(rows.get('idle')).toEqual(['9.43']);
    expect(rows.get('/dashboard #2')).toEqual(['devtools', '**5757 ms**']);
  });

  it('issue 44 §7: given bench/README.md as the previous file (no before column of its own), when its rows are read, then every cell after the name is kept, the name matched without emphasis or the budget note', () => {
    // given
    const readme = ['| row | ack p99 | wire p99 |', '|---|---:|---:|', '| **idle**, exchange budget raised | 9.43 | 15 |'].join('\n');
    // when
    const rows = rowsOf(readme);
    // then
    expect(rows.get('idle')).toEqual(['9.43', '15']);
  });

  it('issue 44 §7: given a table line, then only the line under a header of dashes, colons and bars is a separator', () => {
    expect(isSeparator('|---|---:|:---|')).toBe(true);
    expect(isSeparator('| 1 | 2 |')).toBe(false);
    expect(isSeparator('| - | 2 |')).toBe(false);
  });
});
