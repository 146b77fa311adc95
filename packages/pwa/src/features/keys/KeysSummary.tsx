import { normaliseTimestamp, type CredentialsRecord } from '@hyperhook/domain';
import { Card } from '../../components/Card';
import { TimeAgo } from '../../components/TimeAgo';
import { useNow } from '../../lib/useNow';
import { useOnline } from '../../lib/offline/useOnline';
import { AddressRow } from './AddressRow';
import { useDeleteKeys } from './useKeysActions';
import { WalletApproval, WalletRefusal } from './WalletApproval';
import { WalletExpiryNotice } from './WalletExpiryNotice';
import { WalletExpiryRow } from './WalletExpiryRow';

/**
 * The saved keys: network badge, addresses, last use, the wallet's expiry when the venue lists it,
 * its approval while it is being checked or when it was refused, Update Keys and Delete. A missing last use reads "Never used".
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
        {record.accountAddress !== null && <AddressRow label="Account address" address={record.accountAddress} />}
        {record.apiWalletAddress !== null && <AddressRow label="API wallet address" address={record.apiWalletAddress} />}
        <div className="keys-summary__row">
          <dt>Last used</dt>
          <dd>{lastUsed === null ? 'Never used' : <TimeAgo iso={lastUsed} now={now} />}</dd>
        </div>
        {record.validUntil !== null && <WalletExpiryRow validUntil={record.validUntil} now={now} />}
        <WalletApproval record={record} />
      </dl>
      <WalletRefusal record={record} />
      {record.validUntil !== null && <WalletExpiryNotice validUntil={record.validUntil} isTestnet={record.isTestnet} now={now} />}
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
