import { normaliseTimestamp, type CredentialsRecord } from '@hyperhook/domain';
import { Card } from '../../components/Card';
import { CopyButton } from '../../components/CopyButton';
import { TimeAgo } from '../../components/TimeAgo';
import { useNow } from '../../lib/useNow';
import { useOnline } from '../../lib/offline/useOnline';
import { useDeleteKeys } from './useKeysActions';

function Address({ label, address }: { label: string; address: string }) {
  return (
    <div className="keys-summary__row">
      <dt>{label}</dt>
      <dd className="keys-summary__address">
        <code className="mono">{address}</code>
        <CopyButton text={address} className="btn btn--small" />
      </dd>
    </div>
  );
}

/**
 * The saved keys: network badge, addresses, last use, Update Keys and
 * Delete. A missing last use reads "Never used".
 */
export function KeysSummary({ record, onUpdate }: { record: CredentialsRecord; onUpdate: () => void }) {
  const { remove, deleting } = useDeleteKeys();
  const online = useOnline();
  const now = useNow();
  const lastUsed = normaliseTimestamp(record.lastUsed);
  const badge = record.isTestnet ? <span className="badge badge--yellow">Testnet</span> : <span className="badge badge--accent">Mainnet</span>;
  return (
    <Card title="Hyperliquid connection" headingLevel={3} id="keys-summary" actions={badge}>
      <dl className="keys-summary">
        {record.accountAddress !== null && <Address label="Account address" address={record.accountAddress} />}
        {record.apiWalletAddress !== null && <Address label="API wallet address" address={record.apiWalletAddress} />}
        <div className="keys-summary__row">
          <dt>Last used</dt>
          <dd>{lastUsed === null ? 'Never used' : <TimeAgo iso={lastUsed} now={now} />}</dd>
        </div>
      </dl>
      <div className="button-row">
        <button type="button" className="btn" onClick={onUpdate} disabled={deleting}>
          Update Keys
        </button>
        <button type="button" className="btn btn--danger" onClick={() => void remove()} disabled={deleting || !online}>
          {deleting ? 'Deleting...' : 'Delete'}
        </button>
      </div>
    </Card>
  );
}
