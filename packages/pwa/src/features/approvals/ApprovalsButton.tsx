import { useCallback, useId, useState } from 'react';
import { useAwaitingApprovals } from '../../entities/signals/useAwaitingApprovals';
import { ApprovalsSheet } from './ApprovalsSheet';
import './approvals.css';

/**
 * The header's "Awaiting approval (n)" (issue 42), there while an entry of a strategy with manual
 * approval waits for the trader: the webhook logs, pushed live, tell it. It opens the list to
 * approve or reject each. Short, so the phone's header keeps its rows.
 */
export function ApprovalsButton() {
  const waiting = useAwaitingApprovals();
  const [open, setOpen] = useState(false);
  const sheetId = useId();
  const close = useCallback(() => setOpen(false), []);
  const count = waiting.length;
  return (
    <>
      {/* Present before anything waits, so a new count is announced; not a second status of the header, whose status is the live badge. */}
      <span className="visually-hidden" aria-live="polite">
        {count === 0 ? '' : `${count} ${count === 1 ? 'alert awaits' : 'alerts await'} your approval`}
      </span>
      {(count > 0 || open) && (
        <button
          type="button"
          className="btn btn--small approvals-button"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? sheetId : undefined}
          onClick={() => setOpen(true)}
        >
          <span className="approvals-button__dot" aria-hidden="true" />
          {`Awaiting approval (${count})`}
        </button>
      )}
      {open && <ApprovalsSheet id={sheetId} approvals={waiting} onClose={close} />}
    </>
  );
}
