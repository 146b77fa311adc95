import type { StrategyView } from '@hyperhook/domain';
import { useQuery } from '@tanstack/react-query';
import { positionsQueryOptions } from '../../entities/positions/positionsQuery';
import { coinShares } from './coinShares';
import { PositionsList } from './PositionsList';
import { positionBreakdownQueryOptions } from './positionBreakdownQuery';
import { protectiveOrdersQueryOptions } from './protectiveOrdersQuery';

const ACCOUNT_NAMES = { summary: 'Positions summary', caption: 'Open positions' };
/** The account's closed trades, every strategy's, for the win rate (issue 43). */
const ACCOUNT_TRADES = { venue: 'live' } as const;

/**
 * The account's net position per coin, with who holds it beneath each (issue 39): the strategies
 * by name with each one's live stop and target, and the part outside hyperhook. Until the
 * breakdown is read (or when it fails) the account's list shows alone, as before; until the
 * triggers are, the shares show without them rather than as unprotected.
 */
export function AccountPositions({ strategies }: { strategies: readonly StrategyView[] }) {
  const breakdown = useQuery(positionBreakdownQueryOptions);
  const orders = useQuery(protectiveOrdersQueryOptions(null));
  const shares = breakdown.data === undefined ? undefined : coinShares(breakdown.data, strategies, orders.data);
  return <PositionsList options={positionsQueryOptions} names={ACCOUNT_NAMES} trades={ACCOUNT_TRADES} shares={shares} />;
}
