import type { StrategyView } from '@hyperhook/domain';
import type { RefObject } from 'react';
import { StrategyMenuOption } from './StrategyMenuOption';
import { useMenuNavigation } from './useMenuNavigation';

/**
 * The switcher on wide screens: a menu under the header's button (the ARIA menu button pattern).
 * One radio item per strategy, then "Manage strategies…". Arrow keys, Home and End move; Escape
 * closes it and returns to the button; Tab and a click outside close it.
 */
export function StrategyMenu({
  id,
  strategies,
  current,
  onChoose,
  onManage,
  onClose,
  anchor,
}: {
  id: string;
  strategies: readonly StrategyView[];
  current: string;
  onChoose: (id: string) => void;
  onManage: () => void;
  onClose: (refocus?: boolean) => void;
  anchor: RefObject<HTMLElement | null>;
}) {
  const { ref, onKeyDown } = useMenuNavigation(onClose, anchor);
  return (
    <div ref={ref} id={id} className="strategy-menu card" role="menu" aria-label="Strategies" onKeyDown={onKeyDown}>
      {strategies.map((strategy) => (
        <StrategyMenuOption key={strategy.id} strategy={strategy} checked={strategy.id === current} onChoose={onChoose} />
      ))}
      <div role="separator" className="strategy-menu__separator" />
      <button type="button" role="menuitem" tabIndex={-1} className="strategy-option strategy-option--manage" onClick={onManage}>
        Manage strategies…
      </button>
    </div>
  );
}
