import { useQuery } from '@tanstack/react-query';
import { exchangeBudgetQueryOptions } from './exchangeBudgetQuery';

/** At or above this share of the minute the note turns to a warning: orders may start to queue. */
const WARN_PERCENT = 80;

/**
 * "Exchange budget: 12% of the minute": how much of Hyperliquid's per-IP request weight this
 * server used in the last minute, for every user together; a calm line on why numbers may be a few
 * seconds old while requests wait for room in it; and a warning when the user's own per-address
 * action budget is nearly used. Nothing is shown until it is known.
 */
export function ExchangeBudgetNote() {
  const { data } = useQuery(exchangeBudgetQueryOptions);
  if (data === undefined) return null;
  const warn = data.percentOfMinute >= WARN_PERCENT;
  const action = data.actionBudget;
  return (
    <>
      <p className={warn ? 'positions-budget positions-budget--warn' : 'muted positions-budget'} role={warn ? 'alert' : undefined}>
        Exchange budget: <span className="num">{data.percentOfMinute}%</span> of the minute
        {warn ? ' — orders may queue until it frees up' : ''}
      </p>
      {data.waitsLastMinute > 0 ? (
        // Orders go first: the reads behind them wait for room, so what they show may be late.
        <p className="muted positions-budget" role="status">
          Hyperliquid&apos;s request limit for this server is busy, so balances and positions may be a few seconds old. Orders go first.
        </p>
      ) : null}
      {action !== null && action.percentUsed >= WARN_PERCENT ? (
        <p className="positions-budget positions-budget--warn" role="alert">
          Hyperliquid action limit: <span className="num">{action.used.toLocaleString('en-US')}</span> of{' '}
          <span className="num">{action.cap.toLocaleString('en-US')}</span> requests used. Beyond it your orders are refused; each USDC traded adds one.
        </p>
      ) : null}
    </>
  );
}
