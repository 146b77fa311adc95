import { formatSince } from '../../lib/format/time';
import { useOnline } from '../../lib/offline/useOnline';
import { useSelectedStrategy } from '../../entities/strategies/useStrategies';
import { usePauseStrategy } from './usePauseStrategy';
import './strategies.css';

/**
 * Under the dashboard's header on every tab while the strategy on screen is paused (issue 29,
 * point 6): which one, since when, what it means, and Resume. The kill switch's banner, for all
 * trading, stays above it.
 */
export function StrategyPausedBanner() {
  const { strategy } = useSelectedStrategy();
  const { setPaused, busyId } = usePauseStrategy();
  const online = useOnline();
  if (strategy === undefined || !strategy.paused) return null;
  const busy = busyId === strategy.id;
  return (
    <div className="trading-banner strategy-banner" role="status">
      <div className="trading-banner__inner">
        <p className="trading-banner__text">
          <strong>
            Strategy “{strategy.name}” paused since {formatSince(strategy.pausedSince)}
          </strong>{' '}
          — its alerts are logged, not traded.
        </p>
        <button
          type="button"
          className="btn btn--small trading-banner__resume"
          disabled={busy || !online}
          aria-busy={busy}
          onClick={() => setPaused(strategy, false)}
        >
          Resume strategy
        </button>
      </div>
    </div>
  );
}
