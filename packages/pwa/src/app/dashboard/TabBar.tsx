import { useRef, type KeyboardEvent } from 'react';
import { Icon } from '../../components/Icon';
import { TABS, type TabId } from './tabs';

/**
 * The five tabs: a bottom bar within thumb reach on phones, a top bar on wide screens.
 * The ARIA tabs pattern: arrow keys, Home and End move between tabs.
 */
export function TabBar({ current, onSelect }: { current: TabId; onSelect: (tab: TabId) => void }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index + last) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = TABS[next];
    if (tab === undefined) return;
    onSelect(tab.id);
    refs.current[next]?.focus();
  };
  return (
    <nav className="tabbar" role="tablist" aria-label="Dashboard">
      {TABS.map((tab, index) => (
        <button
          key={tab.id}
          ref={(el) => {
            refs.current[index] = el;
          }}
          type="button"
          role="tab"
          id={`tab-${tab.id}`}
          aria-selected={tab.id === current}
          aria-controls={`panel-${tab.id}`}
          tabIndex={tab.id === current ? 0 : -1}
          className="tabbar__tab"
          onClick={() => onSelect(tab.id)}
          onKeyDown={(e) => onKeyDown(e, index)}
        >
          <span className="tabbar__icon">
            <Icon name={tab.icon} />
          </span>
          <span>{tab.label}</span>
        </button>
      ))}
    </nav>
  );
}
