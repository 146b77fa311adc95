import { PaperBadge } from '../../components/PaperBadge';
import { formatClockTime } from '../../lib/format/time';
import { useOnline } from '../../lib/offline/useOnline';
import { PreviewPanel } from './PreviewPanel';
import { capText, usdOrDash } from './previewTexts';
import type { SettingsPreviewState } from './useSettingsPreview';

/**
 * The Live Preview: the draft's requested amount and amount after limits,
 * the balance they come from, and Refresh Balance.
 */
export function LivePreview({ state }: { state: SettingsPreviewState }) {
  const online = useOnline();
  const { preview, settings, balance } = state;
  const live = preview.livePreview;
  const refresh = (
    <button type="button" className="btn btn--small" onClick={() => void balance.refresh()} disabled={!online || balance.loading} aria-busy={balance.loading}>
      Refresh Balance
    </button>
  );
  if (!online && balance.balance === null) {
    // Offline the balance query waits for the network (it never ran, or its answer was not kept).
    return (
      <PreviewPanel title="Live Preview" action={refresh} notice={<p className="muted">You are offline: the balance loads when you are back online.</p>} />
    );
  }
  if (balance.keysMissing) {
    return (
      <PreviewPanel
        title="Live Preview"
        action={refresh}
        notice={<p className="muted">Connect Hyperliquid API keys and refresh to see live sizing estimates.</p>}
      />
    );
  }
  const known = live.amountAfterLimits !== null;
  return (
    <PreviewPanel
      title="Live Preview"
      action={refresh}
      failure={balance.error === null ? null : `Unable to load balance: ${balance.error}`}
      notice={
        balance.paper ? (
          // Sized from the paper account: said every time, so a paper balance is never read as the account's.
          <p className="muted preview__paper">
            <PaperBadge /> Paper balance: no real money.{balance.loading ? ' Loading...' : ''}
          </p>
        ) : balance.loading ? (
          <p className="muted">Loading balance...</p>
        ) : balance.lastUpdated !== null ? (
          <p className="muted">Balance as of {formatClockTime(new Date(balance.lastUpdated).toISOString())}</p>
        ) : null
      }
      figures={[
        { label: 'Requested amount', value: usdOrDash(live.requestedAmount) },
        { label: 'Amount after limits', value: usdOrDash(live.amountAfterLimits), detail: known ? capText(preview, settings) : undefined },
        { label: 'Available balance', value: usdOrDash(live.availableBalance) },
        { label: 'Total equity', value: usdOrDash(live.totalEquity) },
      ]}
    />
  );
}
