import { ColorType, createChart, type IChartApi } from 'lightweight-charts';
import { withAlpha, type ChartColors } from './chartTheme';

/**
 * A chart of the Performance view: sized by its box, with scrolling and zooming off (on a phone a
 * drag must scroll the page, and the whole curve fits), times to the minute.
 */
export function createBaseChart(container: HTMLElement): IChartApi {
  return createChart(container, {
    autoSize: true,
    handleScroll: false,
    handleScale: false,
    timeScale: { timeVisible: true, secondsVisible: false },
    rightPriceScale: { scaleMargins: { top: 0.15, bottom: 0.15 } },
  });
}

/** The chart's background, text, grid and borders in the theme's colours. */
export function applyBaseColors(chart: IChartApi, colors: ChartColors): void {
  chart.applyOptions({
    layout: { background: { type: ColorType.Solid, color: colors.surface }, textColor: colors.muted },
    grid: { vertLines: { visible: false }, horzLines: { color: withAlpha(colors.border, 0.6) } },
    rightPriceScale: { borderColor: colors.border },
    timeScale: { borderColor: colors.border },
  });
}
