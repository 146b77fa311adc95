import type { BacktestChartData } from './backtestChartData';
import { drawBacktestChart } from './drawBacktestChart';
import { useDrawnChart } from './useDrawnChart';

/** The backtest comparison's canvas: its own chunk, loaded lazily as the equity chart is. */
export default function BacktestChart({ data }: { data: BacktestChartData }) {
  const container = useDrawnChart(data, drawBacktestChart);
  return <div ref={container} className="equity-chart" data-testid="backtest-chart" />;
}
