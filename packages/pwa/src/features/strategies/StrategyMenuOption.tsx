import type { StrategyView } from '@hyperhook/domain';
import { PaperBadge } from '../../components/PaperBadge';
import { isPaperStrategy } from '../../entities/strategies/pickStrategy';

/** One strategy in the menu, a radio item; out of the tab order, since the menu moves the focus itself. */
export function StrategyMenuOption({ strategy, checked, onChoose }: { strategy: StrategyView; checked: boolean; onChoose: (id: string) => void }) {
  return (
    <button type="button" role="menuitemradio" aria-checked={checked} tabIndex={-1} className="strategy-option" onClick={() => onChoose(strategy.id)}>
      <span className="strategy-option__check" aria-hidden="true">
        {checked ? '✓' : ''}
      </span>
      <span className="strategy-option__name">{strategy.name}</span>
      {isPaperStrategy(strategy) && <PaperBadge />}
      {strategy.paused && <span className="badge badge--yellow">Paused</span>}
    </button>
  );
}
