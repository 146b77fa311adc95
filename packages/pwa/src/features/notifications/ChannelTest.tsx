import { failureText } from './channelTexts';
import type { TestOutcome } from './useNotificationsForm';

/** A channel's last test outcome, Send test (once it is saved) and Remove. */
export function ChannelTest({
  name,
  saved,
  outcome,
  online,
  busy,
  testing,
  onTest,
  onRemove,
}: {
  name: string;
  saved: boolean;
  outcome: TestOutcome | undefined;
  online: boolean;
  busy: boolean;
  testing: boolean;
  onTest: () => void;
  onRemove: () => void;
}) {
  return (
    <>
      {outcome !== undefined && (
        <p className={`channel__test ${outcome.delivered ? 'tone-good' : 'tone-bad'}`} role="status">
          {outcome.delivered
            ? `Test delivered${outcome.status === null ? '' : ` (HTTP ${outcome.status})`}.`
            : `Test failed: ${failureText(outcome.status, outcome.error)}.`}
        </p>
      )}
      <div className="button-row channel__actions">
        {saved ? (
          <button
            type="button"
            className="btn btn--small"
            aria-label={`Send test to ${name}`}
            disabled={!online || busy || testing}
            aria-busy={testing}
            onClick={onTest}
          >
            {testing ? 'Sending…' : 'Send test'}
          </button>
        ) : (
          <span className="muted channel__note">Save to send it a test.</span>
        )}
        <button type="button" className="btn btn--small btn--danger" aria-label={`Remove ${name}`} disabled={busy} onClick={onRemove}>
          Remove
        </button>
      </div>
    </>
  );
}
