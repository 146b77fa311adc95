import { useLocation } from 'wouter';

/** What the trader reads once the closes are under way. */
export function closingText(coins: readonly string[]): string {
  return coins.length === 0 ? 'No open positions to close.' : `Closing ${coins.join(', ')} — each has its own row in Webhook Logs.`;
}

/** The closes under way: which coins, the way to their rows in Webhook Logs, and Done. */
export function ClosingView({
  coins,
  titleId,
  descriptionId,
  onClose,
}: {
  coins: readonly string[];
  titleId: string;
  descriptionId: string;
  onClose: () => void;
}) {
  const [, navigate] = useLocation();
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
              navigate('/dashboard?tab=logs');
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
