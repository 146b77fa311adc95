import type { StrategyView } from '@hyperhook/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { strategyOwnPositionsQueryOptions } from '../../entities/positions/positionsQuery';
import { isPaperStrategy } from '../../entities/strategies/pickStrategy';
import { AccountPositions } from './AccountPositions';
import { triggersByCoin } from './coinTriggers';
import { OwnPositionsNote } from './OwnPositionsNote';
import { PositionsList } from './PositionsList';
import { protectiveOrdersQueryOptions } from './protectiveOrdersQuery';
import { ownLabel, PositionsViewSwitch } from './PositionsViewSwitch';
import { SyncBar } from './SyncBar';
import { usePositionsSync } from './usePositionsSync';
import { usePositionsViewStore } from './positionsViewStore';

/**
 * The strategy's own share of the account (issue 39), said so above its list, with each position's
 * live stop and target beneath it once they are read (not "No stop" before).
 */
function OwnPositions({ strategy }: { strategy: StrategyView }) {
  const orders = useQuery(protectiveOrdersQueryOptions(strategy.id));
  const triggers = orders.data === undefined ? undefined : triggersByCoin(orders.data, strategy.id);
  return (
    <>
      <OwnPositionsNote strategy={strategy} />
      <PositionsList
        options={strategyOwnPositionsQueryOptions(strategy.id)}
        names={{ summary: `${ownLabel(strategy)} positions summary`, caption: `${ownLabel(strategy)} positions` }}
        trades={{ venue: 'live', strategyId: strategy.id }}
        triggers={triggers}
      />
    </>
  );
}

/**
 * The Hyperliquid account's tab: sync and the bar's actions (Close all positions), then the list.
 * With one live strategy its share is the account's bar what is outside hyperhook, so the account
 * is shown; with several (issue 39) the strategy on screen's own share, or the account at a switch.
 */
export function LivePositions({
  strategy,
  strategies,
  actions,
}: {
  strategy: StrategyView | undefined;
  strategies: readonly StrategyView[];
  actions: ReactNode;
}) {
  const { syncing, lastSyncAt, sync } = usePositionsSync();
  const view = usePositionsViewStore((state) => state.view);
  const split = strategy !== undefined && strategies.filter((s) => !isPaperStrategy(s)).length > 1;
  return (
    <div className="stack">
      <div className="positions-bar">
        <SyncBar syncing={syncing} lastSyncAt={lastSyncAt} onSync={sync} />
        {actions}
      </div>
      {split && <PositionsViewSwitch strategy={strategy} />}
      {split && view === 'own' ? <OwnPositions key={strategy.id} strategy={strategy} /> : <AccountPositions strategies={strategies} />}
    </div>
  );
}
