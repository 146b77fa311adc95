import PositionsTab from '../../features/positions/PositionsTab';
import { CloseAllPositionsButton } from '../../features/trading/CloseAllPositionsButton';

/** The POSITIONS tab as the dashboard shows it: with trading's Close all positions button beside the sync bar. */
export default function PositionsPanel() {
  return <PositionsTab actions={<CloseAllPositionsButton />} />;
}
