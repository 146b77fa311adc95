import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Field } from '../../components/Field';
import { useModalFocus } from '../../components/useModalFocus';
import { failureMessage } from '../../lib/api/apiError';
import { formatSince } from '../../lib/format/time';
import { useOnline } from '../../lib/offline/useOnline';
import { closeAllPositions, CLOSE_ALL_CONFIRMATION } from './tradingApi';
import { useTradingDialogStore } from './tradingDialogStore';
import { useTradingSwitch } from './useTradingSwitch';
import './trading.css';

/** What the trader reads once the closes are under way. */
export function closingText(coins: readonly string[]): string {
  return coins.length === 0 ? 'No open positions to close.' : `Closing ${coins.join(', ')} — each has its own row in Webhook Logs.`;
}

/** The kill switch: pause (or resume) all trading, with the way on to closing every position. */
function SwitchView({ titleId, descriptionId, onClose }: { titleId: string; descriptionId: string; onClose: () => void }) {
  const online = useOnline();
  const trading = useTradingSwitch();
  const openCloseAll = useTradingDialogStore((state) => state.open);
  const act = async () => {
    if (await (trading.paused ? trading.resume() : trading.pause())) onClose();
  };
  return (
    <>
      <h2 id={titleId} className="dialog__title">
        {trading.paused ? 'All trading is paused' : 'Pause all trading?'}
      </h2>
      <p id={descriptionId}>
        {trading.paused
          ? `Since ${formatSince(trading.pausedSince)}: alerts are logged, not traded. Resume to trade new alerts again.`
          : 'Every new alert is still logged but not traded until you resume. Open positions and orders already on the book are not touched.'}
      </p>
      <div className="dialog__actions">
        <button type="button" className="btn" data-autofocus onClick={onClose}>
          {trading.paused ? 'Keep paused' : 'Cancel'}
        </button>
        <button type="button" className={trading.paused ? 'btn btn--primary' : 'btn btn--danger-solid'} disabled={trading.busy || !online} aria-busy={trading.busy} onClick={() => void act()}>
          {trading.paused ? 'Resume trading' : 'Pause all trading'}
        </button>
      </div>
      <section className="trading-dialog__more" aria-labelledby={`${titleId}-close-all`}>
        <h3 id={`${titleId}-close-all`} className="trading-dialog__subtitle">
          Close all positions
        </h3>
        <p className="muted">Get flat now: a reduce-only market close for every open position, even while trading is paused.</p>
        <button type="button" className="btn btn--danger" onClick={() => openCloseAll('closeAll')}>
          Close all positions…
        </button>
      </section>
    </>
  );
}

/** The typed confirmation: the button turns on only once "CLOSE ALL" is typed exactly; then which coins are closing. */
function CloseAllView({ titleId, descriptionId, onClose, onStep }: { titleId: string; descriptionId: string; onClose: () => void; onStep: (step: string) => void }) {
  const online = useOnline();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  // Each outcome is a step: focus moves to Done, or back to the words (the button had it, and was disabled meanwhile).
  const close = useMutation({ mutationFn: closeAllPositions, onSuccess: () => onStep('closing'), onError: () => onStep(`failed-${Date.now()}`) });
  const confirmed = typed === CLOSE_ALL_CONFIRMATION;

  if (close.data !== undefined) {
    const coins = close.data.closing.map((c) => c.coin);
    return (
      <>
        <h2 id={titleId} className="dialog__title">
          Close all positions
        </h2>
        <p id={descriptionId} className="notice notice--success" role="status">
          {closingText(coins)}
        </p>
        <div className="dialog__actions">
          {coins.length > 0 && (
            <button
              type="button"
              className="btn"
              onClick={() => {
                onClose();
                void navigate('/dashboard?tab=logs');
              }}
            >
              View Webhook Logs
            </button>
          )}
          <button type="button" className="btn btn--primary" data-autofocus onClick={onClose}>
            Done
          </button>
        </div>
      </>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (confirmed && online && !close.isPending) close.mutate(typed);
      }}
    >
      <h2 id={titleId} className="dialog__title">
        Close all positions
      </h2>
      <p id={descriptionId}>hyperhook reads your open positions on Hyperliquid and sends a reduce-only market order to close each one, even while trading is paused. This cannot be undone.</p>
      <Field label={`Type ${CLOSE_ALL_CONFIRMATION} to confirm`} hint="Exactly as shown, in capitals.">
        <input
          className="input"
          type="text"
          value={typed}
          data-autofocus
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          onChange={(event) => {
            setTyped(event.target.value);
            if (close.isError) close.reset();
          }}
        />
      </Field>
      {close.isError && (
        <p className="notice notice--error" role="alert">
          <strong>Unable to close positions.</strong> {failureMessage(close.error, 'Failed to close positions')}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn btn--danger-solid" disabled={!confirmed || !online || close.isPending} aria-busy={close.isPending}>
          {close.isPending ? 'Closing...' : 'Close all positions'}
        </button>
      </div>
    </form>
  );
}

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
      <div ref={ref} className="dialog trading-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={descriptionId} onClick={(e) => e.stopPropagation()}>
        {view === 'switch' ? <SwitchView titleId={titleId} descriptionId={descriptionId} onClose={close} /> : <CloseAllView key="closeAll" titleId={titleId} descriptionId={descriptionId} onClose={close} onStep={setStep} />}
      </div>
    </div>
  );
}
