import { useQuery } from '@tanstack/react-query';
import { positionsQueryOptions } from '../../entities/positions/positionsQuery';
import { useTradingDialogStore } from './tradingDialogStore';

/** The Positions tab's way to the typed close-all confirmation, shown while there is something to close. */
export function CloseAllPositionsButton() {
  const { data } = useQuery(positionsQueryOptions);
  const open = useTradingDialogStore((state) => state.open);
  if (data === undefined || data.length === 0) return null;
  return (
    <button type="button" className="btn btn--danger" aria-haspopup="dialog" onClick={() => open('closeAll')}>
      Close all positions…
    </button>
  );
}
