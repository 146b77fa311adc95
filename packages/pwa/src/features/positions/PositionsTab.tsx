import type { StrategyView } from '@hyperhook/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card } from '../../components/Card';
import { messageOf } from '../../lib/api/apiError';
import { useAuth } from '../../lib/auth/useAuth';
import { useBalance } from '../../lib/balance/useBalance';
import { isPaperStrategy } from '../../lib/strategies/pickStrategy';
import { useSelectedStrategy } from '../../lib/strategies/useStrategies';
import { PaperAccountBar } from './PaperAccountBar';
import { PositionsSummaryCards } from './PositionsSummaryCards';
import { PositionsTable } from './PositionsTable';
import { PositionsToolbar } from './PositionsToolbar';
import { SyncBar } from './SyncBar';
import { visiblePositions } from './positionFilters';
import { usePositionFiltersStore } from './positionFiltersStore';
import { accountPositionsQueryOptions } from '../../lib/positionsQuery';
import { usePositionsSync } from './usePositionsSync';
import './positions.css';

/** The list of the account the strategy trades on, with its states ("Loading...", then the failure's message in an alert). */
function PositionsList({ strategy }: { strategy: StrategyView | undefined }) {
  const query = useQuery(accountPositionsQueryOptions(strategy));
  const filters = usePositionFiltersStore();
  if (query.data === undefined) {
    if (query.isError) {
      return (
        <p className="notice notice--error" role="alert">
          Failed to load positions: {messageOf(query.error, 'API request failed')}
        </p>
      );
    }
    return (
      <p className="page-loading" role="status">
        Loading...
      </p>
    );
  }
  const positions = query.data;
  return (
    <>
      <PositionsSummaryCards positions={positions} paper={isPaperStrategy(strategy)} />
      <Card>
        <div className="stack">
          <PositionsToolbar />
          <PositionsTable rows={visiblePositions(positions, filters)} total={positions.length} />
        </div>
      </Card>
    </>
  );
}

/** The Hyperliquid account's tab: sync and the bar's actions (Close all positions), cards, controls and the table. */
function LivePositions({ strategy, actions }: { strategy: StrategyView | undefined; actions: ReactNode }) {
  const { syncing, lastSyncAt, sync } = usePositionsSync();
  return (
    <div className="stack">
      <div className="positions-bar">
        <SyncBar syncing={syncing} lastSyncAt={lastSyncAt} onSync={sync} />
        {actions}
      </div>
      <PositionsList strategy={strategy} />
    </div>
  );
}

/**
 * A paper strategy's tab (issue 30): its own account, not the Hyperliquid one, so neither the
 * sync nor the bar's actions, which act on that account. The balance hook also keeps the
 * positions fresh: it reads the whole paper account again as the strategy's alerts change.
 */
function PaperPositions({ strategy }: { strategy: StrategyView }) {
  const balance = useBalance(strategy);
  return (
    <div className="stack">
      <PaperAccountBar strategy={strategy} balance={balance} />
      <PositionsList strategy={strategy} />
    </div>
  );
}

/** The signed-in user's tab, for the account the strategy on screen trades on; it waits for a remembered strategy to be known. */
function SignedInPositions({ actions }: { actions: ReactNode }) {
  const { strategy, settled } = useSelectedStrategy();
  if (!settled) {
    return (
      <p className="page-loading" role="status">
        Loading...
      </p>
    );
  }
  return isPaperStrategy(strategy) ? <PaperPositions key={strategy.id} strategy={strategy} /> : <LivePositions strategy={strategy} actions={actions} />;
}

/**
 * The POSITIONS tab (spec §2): open positions, kept live, synced with Hyperliquid on opening; a
 * paper strategy's paper account instead (issue 30). `actions` sit beside the sync bar: the
 * dashboard passes trading's Close all positions button.
 */
export default function PositionsTab({ actions }: { actions?: ReactNode }) {
  const { status } = useAuth();
  return (
    <section className="stack" aria-labelledby="positions-title">
      <h2 id="positions-title">Positions</h2>
      {status === 'signedIn' ? (
        <SignedInPositions actions={actions} />
      ) : status === 'loading' ? (
        <p className="page-loading" role="status">
          Loading...
        </p>
      ) : (
        <p className="empty">Please sign in to view positions.</p>
      )}
    </section>
  );
}
