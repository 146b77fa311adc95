import { formatClockTime } from '../../lib/format/time';
import { useOnline } from '../../lib/offline/useOnline';
import { ExchangeBudgetNote } from './ExchangeBudgetNote';

/**
 * The sync button, "Last sync <time>" ("—" before the first successful sync, and a failed sync keeps
 * the last success's time) and the
 * note on the silent sync.
 */
export function SyncBar({ syncing, lastSyncAt, onSync }: { syncing: boolean; lastSyncAt: string | null; onSync: () => void }) {
  const online = useOnline();
  return (
    <div className="positions-sync">
      <button type="button" className="btn btn--primary" onClick={onSync} disabled={syncing || !online} aria-busy={syncing}>
        {syncing ? 'Syncing...' : 'Sync with Hyperliquid'}
      </button>
      <div>
        <p className="positions-sync__last" aria-live="polite">
          Last sync <span className="num">{formatClockTime(lastSyncAt)}</span>
        </p>
        <p className="muted positions-sync__note">Auto-refreshes every time you open this tab</p>
        <ExchangeBudgetNote />
      </div>
    </div>
  );
}
