/** Save notifications and, while there are edits, Discard changes and a word that tests use the saved channels. */
export function SaveNotificationsBar({
  busy,
  online,
  dirty,
  savedCount,
  onDiscard,
}: {
  busy: boolean;
  online: boolean;
  dirty: boolean;
  savedCount: number;
  onDiscard: () => void;
}) {
  return (
    <div className="button-row notifications__save">
      <button type="submit" className="btn btn--primary" disabled={busy || !online || !dirty}>
        {busy ? 'Saving...' : 'Save notifications'}
      </button>
      {dirty && (
        <>
          <button type="button" className="btn" disabled={busy} onClick={onDiscard}>
            Discard changes
          </button>
          <span className="muted" role="status">
            Unsaved changes{savedCount > 0 ? ' — tests use the saved channels' : ''}
          </span>
        </>
      )}
    </div>
  );
}
