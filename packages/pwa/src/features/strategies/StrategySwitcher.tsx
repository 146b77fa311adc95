import { Icon } from '../../components/Icon';
import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { useSelectedStrategy } from '../../entities/strategies/useStrategies';
import { useStrategiesDialogStore } from './strategiesDialogStore';
import { StrategyMenu } from './StrategyMenu';
import { StrategyName } from './StrategyName';
import { StrategySheet } from './StrategySheet';
import './strategies.css';

/** Phones: the header's breakpoint (styles/layout.css). */
export const PHONE_QUERY = '(max-width: 759px)';

/**
 * The header's strategy switcher (issue 29, point 6): the current strategy's name, a dot while it
 * is paused. On phones it opens a bottom sheet, within thumb reach; on wider screens a menu under
 * the button. Both list the strategies and lead to "Manage strategies".
 */
export function StrategySwitcher() {
  const { strategies, strategy, select } = useSelectedStrategy();
  const phone = useMediaQuery(PHONE_QUERY);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const popupId = useId();
  const manage = useStrategiesDialogStore((state) => state.show);
  const close = useCallback((refocus = true) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);
  if (strategy === undefined) return <PendingSwitch />;
  const choose = (id: string) => {
    select(id);
    close();
  };
  const openManage = () => {
    close();
    manage();
  };
  return (
    <div className="strategy-switch">
      <button
        ref={button}
        type="button"
        className="strategy-switch__button"
        aria-haspopup={phone ? 'dialog' : 'menu'}
        aria-expanded={open}
        aria-controls={open ? popupId : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        <SwitchFace>
          <StrategyName strategy={strategy} />
        </SwitchFace>
      </button>
      {open &&
        (phone ? (
          <StrategySheet id={popupId} strategies={strategies} current={strategy.id} onChoose={choose} onManage={openManage} onClose={() => setOpen(false)} />
        ) : (
          <StrategyMenu id={popupId} strategies={strategies} current={strategy.id} onChoose={choose} onManage={openManage} onClose={close} anchor={button} />
        ))}
    </div>
  );
}

/**
 * The switcher's place while the strategies load: the same box, so the header keeps its height and
 * the page under it does not jump when they arrive (a layout shift over the whole first screen).
 */
function PendingSwitch() {
  return (
    <div className="strategy-switch" aria-hidden="true">
      <span className="strategy-switch__button strategy-switch__button--pending">
        <SwitchFace>…</SwitchFace>
      </span>
    </div>
  );
}

/** What the switcher shows: the label, the current strategy (`children`) and the chevron. */
function SwitchFace({ children }: { children: ReactNode }) {
  return (
    <>
      {/* One line on wide screens; on phones the label sits over the name, so a long name keeps its room beside the kill switch. */}
      <span className="strategy-switch__text">
        <span className="strategy-switch__label">Strategy</span>
        <span className="strategy-switch__current">{children}</span>
      </span>
      <Icon name="chevronDown" size={16} className="strategy-switch__chevron" />
    </>
  );
}
