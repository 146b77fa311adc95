import type { HistoryPage } from '@hyperhook/domain';
import { Card } from '../../components/Card';
import { CopyButton } from '../../components/CopyButton';

/**
 * The log's head: the last event's position and its SHA-256 link. Noted now, it proves later that
 * the history shown today was not rewritten (issue 31, point 4).
 */
export function ChainHeadCard({ head }: { head: HistoryPage['head'] | undefined }) {
  return (
    <Card title="Chain head" id="history-head" subtitle="The fingerprint of this server's whole log, as of now">
      {head === undefined ? (
        <p className="muted">Loading…</p>
      ) : head === null ? (
        <p className="muted">This server's store keeps no hash chain, so there is no head to note.</p>
      ) : (
        <>
          <dl className="history-head">
            <dt>Event</dt>
            <dd>#{head.position.toLocaleString('en-US')}</dd>
            <dt>SHA-256</dt>
            <dd>
              <code className="history-hash" data-testid="chain-head-hash">
                {head.hash}
              </code>
            </dd>
          </dl>
          <div className="button-row">
            <CopyButton text={`${head.position}:${head.hash}`} label="Copy head" className="btn btn--small" describedBy="history-head-why" />
          </div>
          <p className="field__hint" id="history-head-why">
            Every event is chained to the one before it by a SHA-256 hash. Keep this head somewhere of your own: if any event up to it were later changed,
            removed or reordered, <code>hyperhook verify</code> would stop at that event, and this hash would no longer match the log.
          </p>
        </>
      )}
    </Card>
  );
}
