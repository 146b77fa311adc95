import { describe, expect, it } from 'vitest';
import type { SoakPanel } from './series.js';
import { figure, judgePanels, plotPanels, seriesTable, totalsTable } from './summary.js';

const times = Array.from({ length: 12 }, (_, i) => i * 10);
const panels: SoakPanel[] = [
  { title: 'Memory', unit: 'MiB', lines: [{ label: 'RSS', values: times.map(() => 300), tolerance: { relative: 0.1, absolute: 16 } }] },
  { title: 'Descriptors', unit: 'count', lines: [{ label: 'all', values: times.map((t) => 100 + t), tolerance: { relative: 0.1, absolute: 10 } }] },
  { title: 'Store size', unit: 'MiB', lines: [{ label: 'size', values: times.map((t) => t / 10), note: 'grows with the event log' }] },
];

describe('the soak summary', () => {
  it('given figures, when formatted, then large ones are grouped whole numbers and small ones three digits', () => {
    expect([figure(12345.6), figure(42.123), figure(0.0456), figure(null), figure(Number.NaN)]).toEqual(['12,346', '42.1', '0.0456', '–', '–']);
  });

  it('given a flat, a rising and a context-only series, when tabled, then each row has its extremes and its verdict', () => {
    const table = seriesTable(judgePanels(times, panels)).split('\n');
    expect(table[0]).toBe('| series | start | min | max | end | mean, middle → last third | fitted slope / h | verdict |');
    expect(table[2]).toBe('| Memory: RSS, MiB | 300 | 300 | 300 | 300 | 300 → 300 (±30) | 0 | **flat** |');
    expect(table[3]).toMatch(/^\| Descriptors: all, count \| 100 \| 100 \| 210 \| 210 \| .* \| \+3,600 \| not flat: rising \|$/);
    expect(table[4]).toBe('| Store size: size, MiB | 0 | 0 | 11 | 11 |  |  | grows with the event log |');
  });

  it('given verdicts, when the plot’s panels are made, then flat is good, rising bad and a note neutral', () => {
    const plotted = plotPanels(panels, judgePanels(times, panels));
    expect(plotted.map((p) => p.lines[0]?.verdict)).toEqual([
      { text: 'flat', ok: true },
      { text: 'rising', ok: false },
      { text: 'grows with the event log', ok: undefined },
    ]);
  });

  it('given the end-of-run counts, when tabled, then lost alerts are the accepted ones without a final status', () => {
    const table = totalsTable({
      offered: 3000,
      accepted: 2998,
      non2xx: 2,
      errors: 0,
      final: 2997,
      executed: 2990,
      failed: 7,
      finalAfterMs: 250,
      ordersAtSimulator: 2990,
      ordersSentTwice: 0,
    });
    expect(table).toContain('| **lost alerts** (accepted, no final status) | **1** |');
    expect(table).toContain('| **orders sent twice** (one cloid, more than one order) | **0** |');
    expect(table).toContain('3,000 / 2,998 / 2 / 0');
  });
});
