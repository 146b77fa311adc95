import type { StrategyView } from '@hyperhook/domain';
import { useId, useRef } from 'react';
import { useModalFocus } from '../../components/useModalFocus';
import { PaperBadge } from '../../components/PaperBadge';
import { isPaperStrategy } from '../../entities/strategies/pickStrategy';

/**
 * The switcher on phones: a modal sheet from the bottom of the screen. Focus stays inside, Escape
 * and the backdrop close it, and focus returns to the header's button.
 */
export function StrategySheet({
  id,
  strategies,
  current,
  onChoose,
  onManage,
  onClose,
}: {
  id: string;
  strategies: readonly StrategyView[];
  current: string;
  onChoose: (id: string) => void;
  onManage: () => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useModalFocus(ref, true, onClose);
  return (
    <div className="sheet-backdrop" onClick={onClose}>
      <div ref={ref} id={id} className="sheet" role="dialog" aria-modal="true" aria-labelledby={titleId} onClick={(e) => e.stopPropagation()}>
        <div className="sheet__handle" aria-hidden="true" />
        <div className="sheet__header">
          <h2 id={titleId} className="sheet__title">
            Switch strategy
          </h2>
          <button type="button" className="btn btn--small" onClick={onClose}>
            Close
          </button>
        </div>
        <ul className="strategy-list" aria-label="Strategies">
          {strategies.map((strategy) => (
            <li key={strategy.id}>
              <button
                type="button"
                className="strategy-option"
                aria-current={strategy.id === current ? 'true' : undefined}
                data-autofocus={strategy.id === current ? true : undefined}
                onClick={() => onChoose(strategy.id)}
              >
                <span className="strategy-option__check" aria-hidden="true">
                  {strategy.id === current ? '✓' : ''}
                </span>
                <span className="strategy-option__name">{strategy.name}</span>
                {isPaperStrategy(strategy) && <PaperBadge />}
                {strategy.paused && <span className="badge badge--yellow">Paused</span>}
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className="btn sheet__manage" onClick={onManage}>
          Manage strategies
        </button>
      </div>
    </div>
  );
}
