import type { BacktestAnswer } from '@hyperhook/domain';
import { lazy, Suspense, useMemo } from 'react';
import { formatDateTime } from '../../lib/format/time';
import { backtestChartDescription, backtestCurves } from './backtestChartData';
import { BacktestTotals } from './BacktestTotals';
import { ExtraTrades } from './ExtraTrades';
import { MatchedTrades } from './MatchedTrades';
import { MissedTrades } from './MissedTrades';

// The chart library's chunk, shared with the equity chart: loaded when a comparison is drawn.
const BacktestChart = lazy(() => import('./BacktestChart'));

/**
 * One upload compared with what the strategy did (issue 43, point 2): the totals side by side, both
 * curves on one chart with the missed and extra trades marked, then each list in full.
 */
export function BacktestComparisonView({ answer }: { answer: BacktestAnswer }) {
  const { comparison } = answer;
  const data = useMemo(() => backtestCurves(comparison), [comparison]);
  const skipped = answer.skipped === 0 ? '' : `, ${answer.skipped} rows skipped`;
  return (
    <section className="stack backtest-comparison" aria-labelledby={`backtest-${answer.backtestId}`}>
      <h3 className="backtest-comparison__title" id={`backtest-${answer.backtestId}`}>
        {answer.fileName ?? 'Backtest'}
      </h3>
      <p className="muted backtest-comparison__meta">
        Uploaded {formatDateTime(answer.at)}: {answer.trades} trades on the {answer.timeZone} clock{skipped}.
      </p>
      <BacktestTotals comparison={comparison} />
      {data.backtest.length > 0 && (
        <figure className="equity-chart__figure">
          <Suspense fallback={<p className="page-loading equity-chart">Loading chart…</p>}>
            <BacktestChart data={data} />
          </Suspense>
          <figcaption className="field__hint">
            <span className="backtest-legend backtest-legend--backtest">Backtest (dashed)</span>{' '}
            <span className="backtest-legend backtest-legend--live">Live (solid)</span> {backtestChartDescription(comparison, data)}
          </figcaption>
        </figure>
      )}
      <MissedTrades missed={comparison.missed} />
      <ExtraTrades extra={comparison.extra} />
      <MatchedTrades matched={comparison.matched} />
    </section>
  );
}
