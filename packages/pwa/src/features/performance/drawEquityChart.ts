import { AreaSeries, createSeriesMarkers, LineStyle } from 'lightweight-charts';
import type { ChartMarker, ChartPoint } from './chartData';
import { applyBaseColors, createBaseChart } from './baseChart';
import { seriesData, seriesMarkers } from './chartSeries';
import { withAlpha, type ChartColors } from './chartTheme';

/** What the chart shows: the curve, its running peak and a marker per trade. */
export interface EquityChartData {
  readonly points: readonly ChartPoint[];
  readonly peak: readonly ChartPoint[];
  readonly markers: readonly ChartMarker[];
}

/**
 * Draws the equity curve into `container` with lightweight-charts (v5). The drawdown is shaded by
 * two areas: the running peak filled red, and over it the curve filled with the card's own colour,
 * so red shows only where the curve is below its peak. Scrolling and zooming are off: on a phone a
 * drag must scroll the page, and the whole curve fits. Answers how to recolour it and to remove it.
 */
export function drawEquityChart(container: HTMLElement, data: EquityChartData, colors: ChartColors) {
  const chart = createBaseChart(container);
  const peak = chart.addSeries(AreaSeries, {
    lineWidth: 1,
    lineStyle: LineStyle.Dashed,
    lastValueVisible: false,
    priceLineVisible: false,
    crosshairMarkerVisible: false,
  });
  const equity = chart.addSeries(AreaSeries, { lineWidth: 2, priceLineVisible: false });
  peak.setData(seriesData(data.peak));
  equity.setData(seriesData(data.points));
  const zero = equity.createPriceLine({ price: 0, lineWidth: 1, lineStyle: LineStyle.Dotted, axisLabelVisible: false });
  const markers = createSeriesMarkers(equity);

  const applyColors = (next: ChartColors) => {
    applyBaseColors(chart, next);
    peak.applyOptions({ lineColor: withAlpha(next.bad, 0.7), topColor: withAlpha(next.bad, 0.35), bottomColor: withAlpha(next.bad, 0.35) });
    equity.applyOptions({ lineColor: next.accent, topColor: next.surface, bottomColor: next.surface });
    zero.applyOptions({ color: next.muted });
    markers.setMarkers(seriesMarkers(data.markers, next));
  };
  applyColors(colors);
  chart.timeScale().fitContent();
  return { applyColors, remove: () => chart.remove() };
}
