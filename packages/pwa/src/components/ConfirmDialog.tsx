import { useEffect, useRef } from 'react';
import { useConfirmStore } from './confirmStore';

/**
 * The confirmation dialog: modal, focus on the safe choice, Escape and
 * the backdrop cancel. Rendered once by the app layout; asked through confirmAction().
 */
export function ConfirmDialog() {
  const request = useConfirmStore((state) => state.request);
  const answer = useConfirmStore((state) => state.answer);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (request === null) return;
    const previous = document.activeElement as HTMLElement | null;
    cancelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') answer(false);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [request, answer]);

  if (request === null) return null;
  return (
    <div className="dialog-backdrop" onClick={() => answer(false)}>
      <div
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-message"
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id="confirm-title" className="dialog__title">
          Please confirm
        </h2>
        <p id="confirm-message">{request.message}</p>
        <div className="dialog__actions">
          <button ref={cancelRef} type="button" className="btn" onClick={() => answer(false)}>
            Cancel
          </button>
          <button type="button" className={request.danger ? 'btn btn--danger' : 'btn btn--primary'} onClick={() => answer(true)}>
            {request.confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
