import { drawEquityChart, type EquityChartData } from './drawEquityChart';
import { useDrawnChart } from './useDrawnChart';

/**
 * The equity chart's canvas: its own chunk (loaded lazily by EquityChartCard), so the chart library
 * is downloaded only when a Performance view has a curve to draw. Recoloured when the theme changes.
 */
export default function EquityChart({ data }: { data: EquityChartData }) {
  const container = useDrawnChart(data, drawEquityChart);
  return <div ref={container} className="equity-chart" data-testid="equity-chart" />;
}
