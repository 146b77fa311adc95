import { describe, expect, it } from 'vitest';
import { escapeXml, linePath, niceStep, plotSvg, tickLabel, ticks } from './plotSvg.js';

describe('the soak plot', () => {
  it('given ranges, when axis steps are picked, then they are 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(100, 4)).toBe(50);
    expect(niceStep(30, 6)).toBe(5);
    expect(niceStep(0.7, 4)).toBe(0.2);
    expect(niceStep(0, 4)).toBe(1);
  });

  it('given data, when ticks are made, then they start at zero and reach past the largest value', () => {
    expect(ticks(37, 372)).toEqual([0, 100, 200, 300, 400]);
    expect(ticks(0, 2, 6)).toEqual([0, 0.5, 1, 1.5, 2]);
    expect(ticks(-3, 8)).toEqual([-5, 0, 5, 10]);
    // All zeros still get an axis.
    expect(ticks(0, 0)).toEqual([0, 0.5, 1]);
  });

  it('given tick values, when labelled, then large ones are in thousands or grouped and small ones keep two decimals', () => {
    expect([tickLabel(12_000), tickLabel(5_000), tickLabel(250), tickLabel(2.5), tickLabel(0.123), tickLabel(3)]).toEqual([
      '12k',
      '5,000',
      '250',
      '2.5',
      '0.12',
      '3',
    ]);
  });

  it('given a series with a missing sample, when drawn, then the line breaks there', () => {
    expect(linePath([0, 1, 2, 3], [5, null, 7, 8])).toBe('M0.0 5.0M2.0 7.0L3.0 8.0');
    expect(linePath([0, 1], [null, null])).toBe('');
  });

  it('given text with markup characters, when escaped, then it is safe inside SVG text', () => {
    expect(escapeXml('a < b & "c" > d')).toBe('a &lt; b &amp; &quot;c&quot; &gt; d');
  });

  it('given three panels, when plotted, then the SVG has a panel each with its title, unit, legend and verdicts, on an opaque background', () => {
    const times = [0, 10, 20, 30, 40, 50];
    const svg = plotSvg(
      times,
      [
        {
          title: 'Product process memory',
          unit: 'MiB',
          lines: [{ label: 'RSS', values: [300, 310, 312, 311, 313, 312], verdict: { text: 'flat', ok: true } }],
        },
        {
          title: 'Open file descriptors',
          unit: 'count',
          lines: [{ label: 'all', values: [90, 95, 100, 120, 140, 160], verdict: { text: 'rising', ok: false } }],
        },
        {
          title: 'Store size',
          unit: 'MiB',
          lines: [{ label: 'size', values: [null, 1, 2, 3, 4, 5], verdict: { text: 'grows with the event log', ok: undefined }, context: true }],
        },
      ],
      { title: 'Soak <test>', subtitle: 'sampled every 10 s' },
    );
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toMatch(/<rect width="1200" height="\d+" rx="8" fill="#ffffff"\/>/);
    expect(svg).toContain('Soak &lt;test&gt;');
    for (const text of ['Product process memory', 'Open file descriptors', 'Store size', 'MiB', 'count', 'minutes']) expect(svg).toContain(text);
    expect(svg.match(/<path /g)).toHaveLength(3);
    expect(svg).toContain('fill="#1a7f37" font-weight="600">flat<');
    expect(svg).toContain('fill="#cf222e" font-weight="600">rising<');
    expect(svg.match(/<path [^>]*stroke-dasharray/g)).toHaveLength(1);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
  });

  it('given a run of 130 s, when plotted, then the time axis is ticked in round minutes up to the data and not past it', () => {
    const svg = plotSvg([0, 65, 130], [{ title: 'p', unit: 'u', lines: [{ label: 'l', values: [1, 2, 3] }] }], { title: 't' });
    const labels = [...svg.matchAll(/text-anchor="middle">([^<]+)</g)].map((m) => m[1]);
    expect(labels).toEqual(['0', '0.5', '1', '1.5', '2']);
  });
});
