import type { StrategyView } from '@hyperhook/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useAuth } from '../../lib/auth/useAuth';
import { useBalance } from '../../entities/balance/useBalance';
import { paperPositionsQueryOptions } from '../../entities/positions/positionsQuery';
import { isPaperStrategy } from '../../entities/strategies/pickStrategy';
import { useSelectedStrategy } from '../../entities/strategies/useStrategies';
import { LivePositions } from './LivePositions';
import { PaperAccountBar } from './PaperAccountBar';
import { triggersByCoin } from './coinTriggers';
import { PaperRestingOrders } from './PaperRestingOrders';
import { PositionsList } from './PositionsList';
import { paperProtectiveOrdersQueryOptions } from './protectiveOrdersQuery';
import './positions.css';

const PAPER_NAMES = { summary: 'Paper positions summary', caption: 'Open paper positions' };

/**
 * A paper strategy's tab (issue 30): its own account, not the Hyperliquid one, so neither the
 * sync nor the bar's actions, which act on that account. The balance hook also keeps the
 * positions fresh: it reads the whole paper account again as the strategy's alerts change. Each
 * position's stop and target on the paper account sit beneath it, and the limit orders resting on
 * it follow the list (issue 41, point 3), once read.
 */
function PaperPositions({ strategy }: { strategy: StrategyView }) {
  const balance = useBalance(strategy);
  const orders = useQuery(paperProtectiveOrdersQueryOptions(strategy.id));
  const triggers = orders.data === undefined ? undefined : triggersByCoin(orders.data, strategy.id);
  return (
    <div className="stack">
      <PaperAccountBar strategy={strategy} balance={balance} />
      <PositionsList
        options={paperPositionsQueryOptions(strategy.id)}
        names={PAPER_NAMES}
        trades={{ venue: 'paper', strategyId: strategy.id }}
        triggers={triggers}
      />
      <PaperRestingOrders strategyId={strategy.id} />
    </div>
  );
}

/** The signed-in user's tab, for the account the strategy on screen trades on; it waits for a remembered strategy to be known. */
function SignedInPositions({ actions }: { actions: ReactNode }) {
  const { strategies, strategy, settled } = useSelectedStrategy();
  if (!settled) {
    return (
      <p className="page-loading" role="status">
        Loading...
      </p>
    );
  }
  return isPaperStrategy(strategy) ? (
    <PaperPositions key={strategy.id} strategy={strategy} />
  ) : (
    <LivePositions strategy={strategy} strategies={strategies} actions={actions} />
  );
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
