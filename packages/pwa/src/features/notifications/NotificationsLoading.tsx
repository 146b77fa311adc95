/** While the notification settings load, or why they did not, with Retry. */
export function NotificationsLoading({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  return (
    <div className="page-loading">
      {failed ? (
        <>
          <p role="alert">Unable to load your notification settings.</p>
          <button type="button" className="btn btn--small" onClick={onRetry}>
            Retry
          </button>
        </>
      ) : (
        <p role="status">Loading...</p>
      )}
    </div>
  );
}
