import type { StrategyView } from '@hyperhook/domain';
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { PaperBadge } from '../../components/PaperBadge';
import { isPaperStrategy } from '../../entities/strategies/pickStrategy';

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
  const ref = useRef<HTMLDivElement>(null);
  const items = () => [...(ref.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];

  useEffect(() => {
    (ref.current?.querySelector<HTMLElement>('[aria-checked="true"]') ?? items()[0])?.focus();
    const onDown = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!ref.current?.contains(target) && !anchor.current?.contains(target)) onClose(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [anchor, onClose]);

  const onKeyDown = (event: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const next =
      event.key === 'ArrowDown'
        ? (at + 1) % all.length
        : event.key === 'ArrowUp'
          ? (at - 1 + all.length) % all.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? all.length - 1
              : null;
    if (next !== null) {
      event.preventDefault();
      all[next]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Tab') {
      onClose(false);
    }
  };

  return (
    <div ref={ref} id={id} className="strategy-menu card" role="menu" aria-label="Strategies" onKeyDown={onKeyDown}>
      {strategies.map((strategy) => (
        <button
          key={strategy.id}
          type="button"
          role="menuitemradio"
          aria-checked={strategy.id === current}
          tabIndex={-1}
          className="strategy-option"
          onClick={() => onChoose(strategy.id)}
        >
          <span className="strategy-option__check" aria-hidden="true">
            {strategy.id === current ? '✓' : ''}
          </span>
          <span className="strategy-option__name">{strategy.name}</span>
          {isPaperStrategy(strategy) && <PaperBadge />}
          {strategy.paused && <span className="badge badge--yellow">Paused</span>}
        </button>
      ))}
      <div role="separator" className="strategy-menu__separator" />
      <button type="button" role="menuitem" tabIndex={-1} className="strategy-option strategy-option--manage" onClick={onManage}>
        Manage strategies…
      </button>
    </div>
  );
}
