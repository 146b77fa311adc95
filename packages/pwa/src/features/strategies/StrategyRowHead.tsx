import type { StrategyView } from '@hyperhook/domain';
import { PaperBadge } from '../../components/PaperBadge';
import { formatUsd } from '../../lib/format/money';
import { formatSince } from '../../lib/format/time';
import { isPaperStrategy } from '../../entities/strategies/pickStrategy';

/** A strategy's name (the row's title, `titleId`), its badges, and since when it is paused or on paper. */
export function StrategyRowHead({ strategy, selected, titleId }: { strategy: StrategyView; selected: boolean; titleId: string }) {
  return (
    <>
      <div className="strategy-row__head">
        <h3 id={titleId} className="strategy-row__name">
          {strategy.name}
        </h3>
        <span className="strategy-row__badges">
          {isPaperStrategy(strategy) && <PaperBadge />}
          {selected && <span className="badge badge--accent">On screen</span>}
          {strategy.paused ? <span className="badge badge--yellow">Paused</span> : <span className="badge badge--green">Trading</span>}
        </span>
      </div>
      {strategy.paused && <p className="muted strategy-row__meta">Paused since {formatSince(strategy.pausedSince)}: its alerts are logged, not traded.</p>}
      {strategy.paper !== null && (
        <p className="muted strategy-row__meta">
          Trades on paper, no real money: <span className="num">{formatUsd(strategy.paper.balance)}</span> to start with, since{' '}
          {formatSince(strategy.paper.since)}.
        </p>
      )}
    </>
  );
}
