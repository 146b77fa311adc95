import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useModalFocus } from '../../components/useModalFocus';
import { CloseAllView } from './CloseAllView';
import { SwitchView } from './SwitchView';
import { useTradingDialogStore } from './tradingDialogStore';
import './trading.css';

/**
 * The dashboard's trading dialog, rendered once: modal, labelled by its title, focus kept inside
 * and returned to the opener, Escape and the backdrop cancel.
 */
export function TradingDialog() {
  const view = useTradingDialogStore((state) => state.view);
  const closeDialog = useTradingDialogStore((state) => state.close);
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const [step, setStep] = useState('');
  const close = useCallback(() => {
    setStep('');
    closeDialog();
  }, [closeDialog]);
  useModalFocus(ref, view !== null, close, `${view}-${step}`);
  // Leaving the dashboard (a sign-out, a notification's link) closes it: it must not reopen by itself on the way back.
  useEffect(() => closeDialog, [closeDialog]);
  if (view === null) return null;
  return (
    <div className="dialog-backdrop" onClick={close}>
      <div
        ref={ref}
        className="dialog trading-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onClick={(e) => e.stopPropagation()}
      >
        {view === 'switch' ? (
          <SwitchView titleId={titleId} descriptionId={descriptionId} onClose={close} />
        ) : (
          <CloseAllView key="closeAll" titleId={titleId} descriptionId={descriptionId} onClose={close} onStep={setStep} />
        )}
      </div>
    </div>
  );
}
