import type { ApprovalView } from '@hyperhook/domain';
import { useId, useRef } from 'react';
import { useModalFocus } from '../../components/useModalFocus';
import { useNow } from '../../lib/useNow';
import { ApprovalItem } from './ApprovalItem';

/**
 * The alerts waiting for the trader's approval (issue 42): a sheet from the bottom on phones, a
 * dialog on wider screens. The time left counts down by the second. Focus stays inside; Escape,
 * Close and the backdrop close it, and focus returns to the header's button.
 */
export function ApprovalsSheet({ id, approvals, onClose }: { id: string; approvals: readonly ApprovalView[]; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const introId = useId();
  const now = useNow(1_000);
  useModalFocus(ref, true, onClose);
  return (
    <div className="approvals-backdrop" onClick={onClose}>
      <div
        ref={ref}
        id={id}
        className="approvals-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={introId}
        onClick={(e) => e.stopPropagation()}
      >
        <div className="approvals-sheet__header">
          <h2 id={titleId} className="approvals-sheet__title">
            Awaiting approval
          </h2>
          <button type="button" className="btn btn--small" onClick={onClose}>
            Close
          </button>
        </div>
        <p id={introId} className="muted approvals-sheet__intro">
          Approved, an entry is planned again at the price of that moment. Unanswered when its time is up, it is not sent.
        </p>
        {approvals.length === 0 ? (
          <p className="empty" role="status">
            Nothing waits for your approval now.
          </p>
        ) : (
          <ul className="approvals-list" aria-label="Alerts awaiting approval">
            {approvals.map((held) => (
              <ApprovalItem key={held.logId} held={held} now={now} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
