import { createSeriesMarkers, LineSeries, LineStyle } from 'lightweight-charts';
import type { BacktestChartData } from './backtestChartData';
import { applyBaseColors, createBaseChart } from './baseChart';
import { seriesData, seriesMarkers } from './chartSeries';
import type { ChartColors } from './chartTheme';

/**
 * Draws a backtest comparison with lightweight-charts (v5): the backtest's P&L as a dashed line,
 * live's net P&L as the solid one in the accent colour, the missed trades marked on the first and
 * the extra ones on the second. Scrolling and zooming are off, as on the equity chart.
 */
export function drawBacktestChart(container: HTMLElement, data: BacktestChartData, colors: ChartColors) {
  const chart = createBaseChart(container);
  const backtest = chart.addSeries(LineSeries, { lineWidth: 2, lineStyle: LineStyle.Dashed, priceLineVisible: false, title: 'Backtest' });
  const live = chart.addSeries(LineSeries, { lineWidth: 2, priceLineVisible: false, title: 'Live' });
  backtest.setData(seriesData(data.backtest));
  live.setData(seriesData(data.live));
  const zero = live.createPriceLine({ price: 0, lineWidth: 1, lineStyle: LineStyle.Dotted, axisLabelVisible: false });
  const missed = createSeriesMarkers(backtest);
  const extra = createSeriesMarkers(live);

  const applyColors = (next: ChartColors) => {
    applyBaseColors(chart, next);
    backtest.applyOptions({ color: next.muted });
    live.applyOptions({ color: next.accent });
    zero.applyOptions({ color: next.muted });
    missed.setMarkers(seriesMarkers(data.missed, next));
    extra.setMarkers(seriesMarkers(data.extra, next));
  };
  applyColors(colors);
  chart.timeScale().fitContent();
  return { applyColors, remove: () => chart.remove() };
}
