import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card } from '../../components/Card';
import { messageOf } from '../../lib/api/apiError';
import { useAuth } from '../../lib/auth/useAuth';
import { PositionsSummaryCards } from './PositionsSummaryCards';
import { PositionsTable } from './PositionsTable';
import { PositionsToolbar } from './PositionsToolbar';
import { SyncBar } from './SyncBar';
import { visiblePositions } from './positionFilters';
import { usePositionFiltersStore } from './positionFiltersStore';
import { positionsQueryOptions } from '../../lib/positionsQuery';
import { usePositionsSync } from './usePositionsSync';
import './positions.css';

/** The list with its states ("Loading...", then the failure's message in an alert). */
function PositionsList() {
  const query = useQuery(positionsQueryOptions);
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
      <PositionsSummaryCards positions={positions} />
      <Card>
        <div className="stack">
          <PositionsToolbar />
          <PositionsTable rows={visiblePositions(positions, filters)} total={positions.length} />
        </div>
      </Card>
    </>
  );
}

/** The signed-in user's tab: sync and the bar's actions (Close all positions), cards, controls and the table. */
function SignedInPositions({ actions }: { actions: ReactNode }) {
  const { syncing, lastSyncAt, sync } = usePositionsSync();
  return (
    <div className="stack">
      <div className="positions-bar">
        <SyncBar syncing={syncing} lastSyncAt={lastSyncAt} onSync={sync} />
        {actions}
      </div>
      <PositionsList />
    </div>
  );
}

/**
 * The POSITIONS tab (spec §2): open positions, kept live, synced with Hyperliquid on opening.
 * `actions` sit beside the sync bar: the dashboard passes trading's Close all positions button.
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
