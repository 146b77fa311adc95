import { formatSince } from '../../lib/format/time';
import { useOnline } from '../../lib/offline/useOnline';
import { useTradingSwitch } from './useTradingSwitch';
import './trading.css';

/** Under the dashboard's header on every tab while the kill switch is on: since when, what it means, and Resume. */
export function TradingPausedBanner() {
  const trading = useTradingSwitch();
  const online = useOnline();
  if (!trading.paused) return null;
  return (
    <div className="trading-banner" role="status">
      <div className="trading-banner__inner">
        <p className="trading-banner__text">
          <strong>All trading paused since {formatSince(trading.pausedSince)}</strong> — alerts are logged, not traded.
        </p>
        <button
          type="button"
          className="btn btn--small trading-banner__resume"
          disabled={trading.busy || !online}
          aria-busy={trading.busy}
          onClick={() => void trading.resume()}
        >
          Resume trading
        </button>
      </div>
    </div>
  );
}
