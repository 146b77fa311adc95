import { CLOSE_ALL_CONFIRMATION } from '@hyperhook/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Field } from '../../components/Field';
import { failureMessage } from '../../lib/api/apiError';
import { useOnline } from '../../lib/offline/useOnline';
import { ClosingView } from './ClosingView';
import { closeAllPositions } from './tradingApi';

/** The typed confirmation: the button turns on only once "CLOSE ALL" is typed exactly; then which coins are closing. */
export function CloseAllView({
  titleId,
  descriptionId,
  onClose,
  onStep,
}: {
  titleId: string;
  descriptionId: string;
  onClose: () => void;
  onStep: (step: string) => void;
}) {
  const online = useOnline();
  const [typed, setTyped] = useState('');
  // Each outcome is a step: focus moves to Done, or back to the words (the button had it, and was disabled meanwhile).
  const close = useMutation({ mutationFn: closeAllPositions, onSuccess: () => onStep('closing'), onError: () => onStep(`failed-${Date.now()}`) });
  const confirmed = typed === CLOSE_ALL_CONFIRMATION;

  if (close.data !== undefined)
    return <ClosingView coins={close.data.closing.map((c) => c.coin)} titleId={titleId} descriptionId={descriptionId} onClose={onClose} />;

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
      <p id={descriptionId}>
        hyperhook reads your open positions on Hyperliquid and sends a reduce-only market order to close each one, even while trading is paused. This cannot be
        undone.
      </p>
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
