import { useState } from 'react';
import { analyticsSearch, type AnalyticsScope } from '../../entities/analytics/analyticsQuery';
import { ApiError } from '../../lib/api/apiError';
import { downloadApiFile } from '../../lib/api/downloadApiFile';
import { useOnline } from '../../lib/offline/useOnline';

/**
 * "Download CSV": the same trades as `GET /api/analytics/trades.csv` with the view's query, one
 * row a trade. Fetched with the bearer token, as the History's exports are.
 */
export function TradesDownload({ scope }: { scope: AnalyticsScope }) {
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const download = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const name = await downloadApiFile(`/api/analytics/trades.csv?${analyticsSearch(scope)}`, `hyperhook-trades-${scope.venue}.csv`);
      setOutcome({ ok: true, text: `Downloaded ${name}.` });
    } catch (error) {
      setOutcome({ ok: false, text: `Could not download. ${error instanceof ApiError ? error.message : 'Try again.'}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="performance-download">
      <button type="button" className="btn btn--small" disabled={busy || !online} onClick={() => void download()}>
        {busy ? 'Preparing…' : 'Download CSV'}
      </button>
      {outcome !== null && (
        <p className={outcome.ok ? 'notice notice--success' : 'notice notice--error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
    </div>
  );
}
