/** The app's colours the chart draws with, read from the design tokens so it follows dark and light. */
export interface ChartColors {
  readonly surface: string;
  readonly border: string;
  readonly text: string;
  readonly muted: string;
  readonly accent: string;
  readonly good: string;
  readonly bad: string;
  readonly neutral: string;
}

const FALLBACK: ChartColors = {
  surface: '#121821',
  border: '#263241',
  text: '#e6edf3',
  muted: '#a3b0bd',
  accent: '#2dd4bf',
  good: '#4ade80',
  bad: '#f87171',
  neutral: '#aab4bf',
};

/** The tokens as they are now on the document (the canvas cannot read CSS variables itself). */
export function readChartColors(element: Element = document.documentElement): ChartColors {
  const style = getComputedStyle(element);
  const token = (name: keyof ChartColors) => style.getPropertyValue(`--${name}`).trim() || FALLBACK[name];
  return {
    surface: token('surface'),
    border: token('border'),
    text: token('text'),
    muted: token('muted'),
    accent: token('accent'),
    good: token('good'),
    bad: token('bad'),
    neutral: token('neutral'),
  };
}

/** A `#rrggbb` token see-through (`rgba()`), for the drawdown's shading; other colours as they are. */
export function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (hex === null) return color;
  const [r, g, b] = hex.slice(1).map((part) => Number.parseInt(part, 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}
