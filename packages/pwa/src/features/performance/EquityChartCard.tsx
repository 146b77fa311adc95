import type { AnalyticsAnswer } from '@hyperhook/domain';
import { lazy, Suspense, useMemo } from 'react';
import { Card } from '../../components/Card';
import { chartDescription, equityPoints, peakPoints, tradeMarkers } from './chartData';

// The chart library is the heaviest part of the view: its own chunk, loaded when a curve is drawn.
const EquityChart = lazy(() => import('./EquityChart'));

/**
 * The realised equity curve (issue 43, point 3): net P&L summed trade by trade, the drawdown from
 * each peak shaded red, wins marked up in green and losses down in red. Its caption says what the
 * curve did, in words; the trade list below is the data in full.
 */
export function EquityChartCard({ answer }: { answer: AnalyticsAnswer }) {
  const data = useMemo(() => {
    const points = equityPoints(answer.trades, answer.equityCurve);
    return { points, peak: peakPoints(points), markers: tradeMarkers(answer.trades) };
  }, [answer.trades, answer.equityCurve]);
  const description = chartDescription(answer.summary, data.points);
  return (
    <Card title="Equity curve" subtitle="Realised net P&L, trade by trade. Red: below the last peak." id="performance-equity">
      <figure className="equity-chart__figure">
        <Suspense fallback={<p className="page-loading equity-chart">Loading chart…</p>}>
          <EquityChart data={data} />
        </Suspense>
        <figcaption className="field__hint">{description}</figcaption>
      </figure>
    </Card>
  );
}
