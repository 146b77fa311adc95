import type { StrategyView } from '@hyperhook/domain';
import { useOnline } from '../../lib/offline/useOnline';
import { isPaperStrategy } from '../../entities/strategies/pickStrategy';
import type { RowMode } from './useRowSteps';

/** Why the first strategy has no Delete. */
export const FIRST_STRATEGY_NOTE = 'Your first strategy can’t be deleted: its webhook URL and settings are your account’s own. Pause it instead.';

/**
 * A strategy's buttons while no step is open: Rename, Pause or Resume, New URL and Delete (not for
 * the first strategy); a paper one's Reset paper account and Trade live above them.
 */
export function StrategyRowActions({
  strategy,
  pausing,
  onPause,
  onOpen,
}: {
  strategy: StrategyView;
  pausing: boolean;
  onPause: () => void;
  onOpen: (step: RowMode) => void;
}) {
  const online = useOnline();
  return (
    <>
      {isPaperStrategy(strategy) && (
        <div className="strategy-row__actions">
          <button type="button" className="btn btn--small" data-opens="reset" onClick={() => onOpen('reset')}>
            Reset paper account<span className="visually-hidden"> of {strategy.name}</span>
          </button>
          <button type="button" className="btn btn--small" data-opens="promote" onClick={() => onOpen('promote')}>
            Trade live<span className="visually-hidden"> with {strategy.name}</span>
          </button>
        </div>
      )}
      <div className="strategy-row__actions">
        <button type="button" className="btn btn--small" data-opens="rename" onClick={() => onOpen('rename')}>
          Rename<span className="visually-hidden"> {strategy.name}</span>
        </button>
        <button type="button" className="btn btn--small" disabled={!online || pausing} aria-busy={pausing} onClick={onPause}>
          {strategy.paused ? 'Resume' : 'Pause'}
          <span className="visually-hidden"> {strategy.name}</span>
        </button>
        <button type="button" className="btn btn--small" data-opens="regenerate" onClick={() => onOpen('regenerate')}>
          New URL<span className="visually-hidden"> for {strategy.name}</span>
        </button>
        {!strategy.first && (
          <button type="button" className="btn btn--small btn--danger" data-opens="delete" onClick={() => onOpen('delete')}>
            Delete<span className="visually-hidden"> {strategy.name}</span>
          </button>
        )}
      </div>
      {strategy.first && <p className="muted strategy-row__meta">{FIRST_STRATEGY_NOTE}</p>}
    </>
  );
}
