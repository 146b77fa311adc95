// Small multiples of a soak as one hand-written SVG: a panel per series over time, each with its
// own y scale from zero (a flat line looks flat and a trend is not magnified out of noise), the
// warm-up third shaded because the verdicts leave it out. The card is opaque white with GitHub's
// light palette: an SVG shown through <img> cannot know the page's theme, so it is readable on a
// dark page as a light card rather than guessing with prefers-color-scheme (the viewer's OS, not
// GitHub's setting). Line colours are Okabe–Ito's, told apart with colour-blindness too.

export type PlotLine = {
  readonly label: string;
  /** One per time; null where the series has no sample (drawn as a gap). */
  readonly values: readonly (number | null)[];
  /** The line's verdict, shown beside its label: green when `ok`, red when not, grey when absent. */
  readonly verdict?: { readonly text: string; readonly ok: boolean | undefined };
  /** Shown for context, not judged: drawn dashed, so it reads as secondary where it overlays a judged line. */
  readonly context?: boolean;
};

export type PlotPanel = { readonly title: string; readonly unit: string; readonly lines: readonly PlotLine[] };

export type PlotOptions = { readonly title: string; readonly subtitle?: string; readonly columns?: number };

const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9'];
const TEXT = '#1f2328';
const MUTED = '#59636e';
const GRID = '#d1d9e0';
const SHADE = '#f0f3f6';
const GOOD = '#1a7f37';
const BAD = '#cf222e';

const WIDTH = 1200;
const MARGIN = 24;
const HEADER = 64;
const PANEL_HEIGHT = 230;
const GAP = 18;
/** Inside a panel: room for the title and legend above, tick labels left and below. */
const PLOT = { top: 52, right: 16, bottom: 34, left: 58 };

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A round step (1, 2 or 5 × 10^n) that cuts `range` into about `count` intervals. */
export function niceStep(range: number, count: number): number {
  if (!(range > 0)) return 1;
  const raw = range / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
}

/** Ticks from 0 (or below, for negative data) past `max` in round steps: the axis' extent is its first and last. */
export function ticks(min: number, max: number, count = 4): number[] {
  const low = Math.min(0, min);
  const high = max > low ? max : low + 1;
  const step = niceStep(high - low, count);
  const out: number[] = [];
  for (let v = Math.floor(low / step) * step; v < high + step * 0.999; v += step) out.push(Number(v.toPrecision(12)));
  return out;
}

/** Tick labels: "12k" from ten thousand, "5,000" from a thousand, whole numbers from ten, otherwise up to two decimals. */
export function tickLabel(v: number): string {
  if (Math.abs(v) >= 10_000) return `${Number((v / 1000).toPrecision(4))}k`;
  if (Math.abs(v) >= 1_000) return Math.round(v).toLocaleString('en');
  if (Math.abs(v) >= 10 || Number.isInteger(v)) return String(Math.round(v));
  return String(Number(v.toFixed(2)));
}

/** The SVG path of one line: a gap wherever a value is missing. */
export function linePath(xs: readonly number[], ys: readonly (number | null)[]): string {
  let path = '';
  let pen = false;
  for (let i = 0; i < xs.length; i += 1) {
    const y = ys[i];
    if (y === null || y === undefined) {
      pen = false;
      continue;
    }
    path += `${pen ? 'L' : 'M'}${(xs[i] as number).toFixed(1)} ${y.toFixed(1)}`;
    pen = true;
  }
  return path;
}

function panelSvg(panel: PlotPanel, minutes: readonly number[], xTicks: readonly number[], x0: number, y0: number, width: number): string {
  const plot = { x: x0 + PLOT.left, y: y0 + PLOT.top, w: width - PLOT.left - PLOT.right, h: PANEL_HEIGHT - PLOT.top - PLOT.bottom };
  const values = panel.lines.flatMap((l) => l.values.filter((v): v is number => v !== null && Number.isFinite(v)));
  const yTicks = ticks(Math.min(0, ...values), values.length === 0 ? 1 : Math.max(...values));
  const [yLow, yHigh] = [yTicks[0] as number, yTicks[yTicks.length - 1] as number];
  const xHigh = Math.max(minutes[minutes.length - 1] ?? 0, xTicks[xTicks.length - 1] as number);
  const xOf = (m: number) => plot.x + (m / xHigh) * plot.w;
  const yOf = (v: number) => plot.y + plot.h - ((v - yLow) / (yHigh - yLow)) * plot.h;
  const end = minutes[minutes.length - 1] ?? 0;
  const out: string[] = [];
  out.push(`<g>`);
  out.push(
    `<text x="${x0}" y="${y0 + 16}" font-size="15" font-weight="600" fill="${TEXT}">${escapeXml(panel.title)} <tspan fill="${MUTED}" font-weight="400">${escapeXml(panel.unit)}</tspan></text>`,
  );
  // Legend: every line's swatch, label and verdict, in one row under the title.
  let lx = x0;
  for (const [i, line] of panel.lines.entries()) {
    const colour = COLOURS[i % COLOURS.length] as string;
    const verdictColour = line.verdict?.ok === true ? GOOD : line.verdict?.ok === false ? BAD : MUTED;
    const label = escapeXml(line.label);
    const verdict = line.verdict === undefined ? '' : escapeXml(line.verdict.text);
    out.push(
      `<line x1="${lx}" x2="${lx + 14}" y1="${y0 + 29}" y2="${y0 + 29}" stroke="${colour}" stroke-width="3"${line.context === true ? ' stroke-dasharray="4 2"' : ''}/>`,
    );
    out.push(
      `<text x="${lx + 19}" y="${y0 + 34}" font-size="12.5" fill="${TEXT}">${label}${verdict === '' ? '' : ` <tspan fill="${verdictColour}" font-weight="600">${verdict}</tspan>`}</text>`,
    );
    // Text is not measured in SVG: an estimate of 6.6 px a character at 12.5 px keeps entries apart.
    lx += 19 + 6.6 * (line.label.length + (verdict === '' ? 0 : verdict.length + 1)) + 18;
  }
  // The warm-up third (not judged), then the boundary of the middle and last thirds the verdicts compare.
  out.push(`<rect x="${plot.x}" y="${plot.y}" width="${(xOf(end / 3) - plot.x).toFixed(1)}" height="${plot.h}" fill="${SHADE}"/>`);
  for (const t of yTicks) {
    const y = yOf(t).toFixed(1);
    out.push(`<line x1="${plot.x}" x2="${plot.x + plot.w}" y1="${y}" y2="${y}" stroke="${GRID}" stroke-width="1"/>`);
    out.push(`<text x="${plot.x - 6}" y="${Number(y) + 4}" font-size="12" fill="${MUTED}" text-anchor="end">${tickLabel(t)}</text>`);
  }
  for (const t of xTicks) {
    const x = xOf(t).toFixed(1);
    out.push(`<line x1="${x}" x2="${x}" y1="${plot.y + plot.h}" y2="${plot.y + plot.h + 4}" stroke="${MUTED}" stroke-width="1"/>`);
    out.push(`<text x="${x}" y="${plot.y + plot.h + 17}" font-size="12" fill="${MUTED}" text-anchor="middle">${tickLabel(t)}</text>`);
  }
  out.push(`<text x="${plot.x + plot.w}" y="${plot.y + plot.h + 31}" font-size="11.5" fill="${MUTED}" text-anchor="end">minutes</text>`);
  out.push(
    `<line x1="${xOf((2 * end) / 3).toFixed(1)}" x2="${xOf((2 * end) / 3).toFixed(1)}" y1="${plot.y}" y2="${plot.y + plot.h}" stroke="${MUTED}" stroke-width="1" stroke-dasharray="3 3"/>`,
  );
  out.push(`<line x1="${plot.x}" x2="${plot.x + plot.w}" y1="${plot.y + plot.h}" y2="${plot.y + plot.h}" stroke="${MUTED}" stroke-width="1"/>`);
  for (const [i, line] of panel.lines.entries()) {
    const d = linePath(
      minutes.map(xOf),
      line.values.map((v) => (v === null || !Number.isFinite(v) ? null : yOf(v))),
    );
    // The first line is drawn wider, so a later one that overlays it (final statuses on accepted
    // alerts) leaves it showing at the edges instead of hiding it.
    const width = i === 0 && panel.lines.length > 1 ? 3 : 1.8;
    const dash = line.context === true ? ' stroke-dasharray="6 4"' : '';
    if (d !== '') out.push(`<path d="${d}" fill="none" stroke="${COLOURS[i % COLOURS.length]}" stroke-width="${width}" stroke-linejoin="round"${dash}/>`);
  }
  out.push(`</g>`);
  return out.join('\n');
}

/** The whole figure: `times` in seconds from the load's start, one panel per entry of `panels`, `columns` across. */
export function plotSvg(times: readonly number[], panels: readonly PlotPanel[], options: PlotOptions): string {
  const columns = options.columns ?? 2;
  const rows = Math.ceil(panels.length / columns);
  const height = HEADER + rows * PANEL_HEIGHT + (rows - 1) * GAP + MARGIN;
  const panelWidth = (WIDTH - 2 * MARGIN - (columns - 1) * GAP * 2) / columns;
  const minutes = times.map((t) => t / 60);
  // The x axis ends with the data (a 30.1-minute run is not drawn to 35), ticked in round minutes within it.
  const end = Math.max(1 / 6, ...minutes);
  const xTicks = ticks(0, end, 6).filter((t) => t <= end + 1e-9);
  const body = panels.map((panel, i) =>
    panelSvg(panel, minutes, xTicks, MARGIN + (i % columns) * (panelWidth + GAP * 2), HEADER + Math.floor(i / columns) * (PANEL_HEIGHT + GAP), panelWidth),
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="-apple-system, 'Segoe UI', 'Noto Sans', Helvetica, Arial, sans-serif">`,
    `<rect width="${WIDTH}" height="${height}" rx="8" fill="#ffffff"/>`,
    `<text x="${MARGIN}" y="32" font-size="19" font-weight="600" fill="${TEXT}">${escapeXml(options.title)}</text>`,
    options.subtitle === undefined ? '' : `<text x="${MARGIN}" y="52" font-size="13" fill="${MUTED}">${escapeXml(options.subtitle)}</text>`,
    ...body,
    `</svg>`,
    '',
  ].join('\n');
}
