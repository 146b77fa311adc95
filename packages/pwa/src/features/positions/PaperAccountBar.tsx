import type { PaperLiquidationView, StrategyView } from '@hyperhook/domain';
import { PAPER_NUMBERS_NOTE, PaperBadge } from '../../components/PaperBadge';
import { Pnl } from '../../components/Pnl';
import { StatCard } from '../../components/StatCard';
import type { BalanceState } from '../../entities/balance/useBalance';
import { DASH } from '../../lib/format/latency';
import { formatSignedUsd, formatUsd } from '../../lib/format/money';
import { formatSize, formatUsdPrice } from '../../lib/format/numbers';
import { formatDateTime, formatSince } from '../../lib/format/time';
import { useOnline } from '../../lib/offline/useOnline';

/** What the paper venue did to a position the account could no longer hold, as the venue's liquidator does. */
function liquidationText(liquidation: PaperLiquidationView): string {
  const { coin, side, size, price, realizedPnl, at } = liquidation;
  return (
    `Liquidated ${formatDateTime(at)}: the ${coin} ${side} of ${formatSize(size)} was closed at ${formatUsdPrice(price)} when the account fell ` +
    `below its maintenance margin (realised ${formatSignedUsd(realizedPnl)}).`
  );
}

/**
 * The head of a paper strategy's Positions tab (issue 30): whose paper account this is, that its
 * numbers move no money, a Refresh in place of "Sync with Hyperliquid" (a paper account has
 * nothing to sync from), its balance as cards, and its latest liquidation, if the run had one.
 */
export function PaperAccountBar({ strategy, balance }: { strategy: StrategyView; balance: BalanceState }) {
  const online = useOnline();
  const figures = balance.balance;
  const usd = (value: number | undefined) => (value === undefined ? DASH : formatUsd(value));
  return (
    <>
      <div className="paper-bar">
        <div className="paper-bar__text">
          <p className="paper-bar__title">
            <PaperBadge /> Paper account of “{strategy.name}”
          </p>
          <p className="muted paper-bar__note">{PAPER_NUMBERS_NOTE} Sync and Close all are for your Hyperliquid account only.</p>
        </div>
        <button type="button" className="btn" onClick={() => void balance.refresh()} disabled={!online || balance.loading} aria-busy={balance.loading}>
          {balance.loading ? 'Refreshing...' : 'Refresh'}
        </button>
      </div>
      {figures?.lastLiquidation !== undefined && (
        <p className="notice notice--warning" role="status">
          {liquidationText(figures.lastLiquidation)}
        </p>
      )}
      {balance.error !== null && (
        <p className="notice notice--error" role="alert">
          Unable to load the paper balance: {balance.error}
        </p>
      )}
      <div className="stats" role="group" aria-label="Paper balance">
        <StatCard
          label="Paper equity"
          value={usd(figures?.totalEquity)}
          detail={figures === null ? undefined : `Available ${formatUsd(figures.availableBalance)}`}
        />
        <StatCard label="Margin used" value={usd(figures?.marginUsed)} />
        <StatCard
          label="Started with"
          value={usd(strategy.paper?.balance)}
          detail={strategy.paper === null ? undefined : `Since ${formatSince(strategy.paper.since)}`}
        />
        <StatCard
          label="Paper P&L"
          value={figures === null || strategy.paper === null ? DASH : <Pnl value={figures.totalEquity - strategy.paper.balance} />}
          detail="Equity against the start"
        />
      </div>
    </>
  );
}
