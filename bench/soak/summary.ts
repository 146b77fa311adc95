// The soak's verdicts and its markdown summary: a row per series (start, min, max, end, the thirds
// the verdict compares, the fitted slope) and the end-of-run checks, ready for bench/README.md.
import { judgeFlat, type Flatness } from './flatness.js';
import type { PlotPanel } from './plotSvg.js';
import type { SoakPanel } from './series.js';

export type JudgedLine = {
  readonly panel: string;
  readonly unit: string;
  readonly label: string;
  readonly values: readonly (number | null)[];
  readonly flatness?: Flatness;
  readonly note?: string;
};

export function judgePanels(times: readonly number[], panels: readonly SoakPanel[]): JudgedLine[] {
  return panels.flatMap((panel) =>
    panel.lines.map((line) => ({
      panel: panel.title,
      unit: panel.unit,
      label: line.label,
      values: line.values,
      ...(line.tolerance === undefined ? {} : { flatness: judgeFlat(times, line.values, line.tolerance) }),
      ...(line.note === undefined ? {} : { note: line.note }),
    })),
  );
}

/** The text beside a line: its verdict, or its note when it is shown for context only. */
export function verdictText(line: JudgedLine): string {
  if (line.flatness === undefined) return line.note ?? 'not judged';
  return line.flatness.verdict === 'flat' || line.flatness.verdict === 'too few samples' ? line.flatness.verdict : `not flat: ${line.flatness.verdict}`;
}

/** The panels with each line's verdict, for plotSvg. */
export function plotPanels(panels: readonly SoakPanel[], judged: readonly JudgedLine[]): PlotPanel[] {
  return panels.map((panel) => ({
    title: panel.title,
    unit: panel.unit,
    lines: panel.lines.map((line) => {
      const j = judged.find((x) => x.panel === panel.title && x.label === line.label);
      const ok = j?.flatness === undefined || j.flatness.verdict === 'too few samples' ? undefined : j.flatness.verdict === 'flat';
      return {
        label: line.label,
        values: line.values,
        ...(line.tolerance === undefined ? { context: true } : {}),
        ...(j === undefined ? {} : { verdict: { text: verdictText(j).replace('not flat: ', ''), ok } }),
      };
    }),
  }));
}

/** A figure for the table: whole numbers from 100 on, three significant digits below, an en dash when missing. */
export function figure(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '–';
  // A fitted slope of a constant series comes out as float noise (1e-29), not as zero.
  if (Math.abs(v) < 1e-6) return '0';
  if (Math.abs(v) >= 100) return Math.round(v).toLocaleString('en');
  return String(Number(v.toPrecision(3)));
}

const signed = (v: number): string => (Number.isFinite(v) && v > 0 ? `+${figure(v)}` : figure(v));

/** One row per series. */
export function seriesTable(judged: readonly JudgedLine[]): string {
  const header = '| series | start | min | max | end | mean, middle → last third | fitted slope / h | verdict |\n|---|---:|---:|---:|---:|---:|---:|---|';
  const rows = judged.map((line) => {
    const present = line.values.filter((v): v is number => v !== null && Number.isFinite(v));
    const f = line.flatness;
    const thirds = f === undefined || f.verdict === 'too few samples' ? '' : `${figure(f.middleMean)} → ${figure(f.lastMean)} (±${figure(f.tolerance)})`;
    const slope = f === undefined || f.verdict === 'too few samples' ? '' : signed(f.slopePerHour);
    const verdict = f?.verdict === 'flat' ? '**flat**' : verdictText(line);
    const name = `${line.panel}${line.label === '' ? '' : `: ${line.label}`}, ${line.unit}`;
    return `| ${name} | ${figure(present[0])} | ${figure(present.length === 0 ? null : Math.min(...present))} | ${figure(present.length === 0 ? null : Math.max(...present))} | ${figure(present[present.length - 1])} | ${thirds} | ${slope} | ${verdict} |`;
  });
  return [header, ...rows].join('\n');
}

/** The end-of-run checks: nothing lost, nothing sent twice. */
export type SoakTotals = {
  readonly offered: number;
  readonly accepted: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly final: number;
  readonly executed: number;
  readonly failed: number;
  readonly finalAfterMs: number;
  readonly ordersAtSimulator: number;
  readonly ordersSentTwice: number;
};

export function totalsTable(totals: SoakTotals): string {
  const lost = totals.accepted - totals.final;
  return [
    '| check | result |',
    '|---|---|',
    `| alerts offered / accepted (2xx) / non-2xx / errors | ${figure(totals.offered)} / ${figure(totals.accepted)} / ${totals.non2xx} / ${totals.errors} |`,
    `| accepted alerts with a final status | ${figure(totals.final)} (executed ${figure(totals.executed)}, failed ${figure(totals.failed)}), ${totals.finalAfterMs} ms after the load |`,
    `| **lost alerts** (accepted, no final status) | **${lost}** |`,
    `| orders at the simulator | ${figure(totals.ordersAtSimulator)} |`,
    `| **orders sent twice** (one cloid, more than one order) | **${totals.ordersSentTwice}** |`,
  ].join('\n');
}
