import { useCallback, useEffect, useId, useRef } from 'react';
import { useModalFocus } from '../../components/useModalFocus';
import { useSelectedStrategy } from '../../entities/strategies/useStrategies';
import { CreateStrategyForm } from './CreateStrategyForm';
import { useStrategiesDialogStore } from './strategiesDialogStore';
import { StrategyRow } from './StrategyRow';
import './strategies.css';

/**
 * "Manage strategies" (issue 29, point 6): create, rename, pause or resume, a new URL, delete. A
 * modal dialog, full height on phones; focus stays inside, Escape closes it.
 */
export function StrategiesDialog() {
  const open = useStrategiesDialogStore((state) => state.open);
  const closeDialog = useStrategiesDialogStore((state) => state.close);
  const { strategies, strategy } = useSelectedStrategy();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const close = useCallback(() => closeDialog(), [closeDialog]);
  useModalFocus(ref, open, close);
  // Leaving the dashboard closes it: it must not reopen by itself on the way back.
  useEffect(() => closeDialog, [closeDialog]);
  if (!open) return null;
  return (
    <div className="dialog-backdrop strategies-backdrop" onClick={close}>
      <div
        ref={ref}
        className="dialog strategies-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onClick={(e) => e.stopPropagation()}
      >
        <div className="strategies-dialog__header">
          <h2 id={titleId} className="dialog__title">
            Manage strategies
          </h2>
          <button type="button" className="btn btn--small" onClick={close}>
            Close
          </button>
        </div>
        <p id={descriptionId} className="muted strategies-dialog__intro">
          Each strategy has its own webhook URL, settings and pause: alerts sent to a strategy’s URL trade with its settings.
        </p>
        <CreateStrategyForm count={strategies.length} />
        <ul className="strategy-rows" aria-label="Your strategies">
          {strategies.map((s) => (
            <StrategyRow key={s.id} strategy={s} selected={s.id === strategy?.id} />
          ))}
        </ul>
      </div>
    </div>
  );
}
