import { useQuery } from '@tanstack/react-query';
import { analyticsAsOfQueryOptions } from '../../entities/analytics/analyticsQuery';
import { messageOf } from '../../lib/api/apiError';
import { formatSignedUsd, formatUsd } from '../../lib/format/money';

/** The live trades closed by a moment (issue 43): how many, what they netted, how many won, the deepest drawdown. */
export function AsOfPerformance({ asOf }: { asOf: string }) {
  const query = useQuery(analyticsAsOfQueryOptions(asOf));
  if (query.isError) return <>Could not read the trades: {messageOf(query.error, 'API request failed')}</>;
  if (query.data === undefined) return <>Reading the trades…</>;
  const { summary } = query.data;
  if (summary.trades === 0) return <>No closed trade yet</>;
  const trades = summary.trades === 1 ? '1 closed trade' : `${summary.trades} closed trades`;
  const drawdown = Number(summary.maxDrawdown) > 0 ? `max drawdown −${formatUsd(Number(summary.maxDrawdown))}` : 'no drawdown';
  return (
    <>
      {trades}, net {formatSignedUsd(Number(summary.netPnl))} · {summary.wins} won, {summary.losses} lost · {drawdown}
    </>
  );
}
