import type { BacktestAnswer } from '@hyperhook/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Card } from '../../components/Card';
import { backtestsQueryOptions, compareBacktestAgain } from '../../entities/analytics/backtestQueries';
import { failureMessage } from '../../lib/api/apiError';
import { formatDateTime } from '../../lib/format/time';
import { useOnline } from '../../lib/offline/useOnline';
import { BacktestComparisonView } from './BacktestComparisonView';
import { BacktestUploadForm } from './BacktestUploadForm';

/**
 * Backtest against live (issue 43, point 2), for one strategy: upload TradingView's List of trades
 * and see what live did differently; an earlier upload is compared again, with the trades made since.
 */
export function BacktestCard({ strategyId }: { strategyId: string }) {
  const online = useOnline();
  const uploads = useQuery(backtestsQueryOptions(strategyId)).data ?? [];
  const [answer, setAnswer] = useState<BacktestAnswer | null>(null);
  const again = useMutation({ mutationFn: (backtestId: string) => compareBacktestAgain(strategyId, backtestId), onSuccess: setAnswer });
  return (
    <Card
      title="Backtest against live"
      subtitle="Does it earn live what it earned in TradingView’s Strategy Tester? Trades are matched by side and entry time."
      id="performance-backtest"
    >
      <div className="stack">
        <BacktestUploadForm strategyId={strategyId} onCompared={setAnswer} />
        {uploads.length > 0 && (
          <div className="backtest-uploads">
            <h3 className="backtest-uploads__title">Earlier uploads</h3>
            <ul className="backtest-uploads__list">
              {[...uploads].reverse().map((upload) => (
                <li key={upload.backtestId} className="backtest-uploads__item">
                  <span>
                    {upload.fileName ?? 'Backtest'}{' '}
                    <span className="muted">
                      · {formatDateTime(upload.at)} · {upload.trades} trades
                    </span>
                  </span>
                  <button
                    type="button"
                    className="btn btn--small"
                    disabled={!online || again.isPending}
                    aria-busy={again.isPending && again.variables === upload.backtestId}
                    aria-label={`Compare ${upload.fileName ?? 'the backtest'} of ${formatDateTime(upload.at)} again`}
                    onClick={() => again.mutate(upload.backtestId)}
                  >
                    Compare again
                  </button>
                </li>
              ))}
            </ul>
            {again.isError && (
              <p className="notice notice--error" role="alert">
                {failureMessage(again.error, 'Failed to compare the backtest')}
              </p>
            )}
          </div>
        )}
        {answer !== null && <BacktestComparisonView answer={answer} />}
      </div>
    </Card>
  );
}
