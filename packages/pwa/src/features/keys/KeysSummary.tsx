import { normaliseTimestamp, type CredentialsRecord } from '@hyperhook/domain';
import { Card } from '../../components/Card';
import { CopyButton } from '../../components/CopyButton';
import { TimeAgo } from '../../components/TimeAgo';
import { useNow } from '../../lib/useNow';
import { useOnline } from '../../lib/offline/useOnline';
import { useDeleteKeys } from './useKeysActions';
import { WalletApproval, WalletRefusal } from './WalletApproval';

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

const DAY_MS = 86_400_000;
/** From this many days left, the summary says how to approve a new API wallet (issue 42). */
export const WALLET_EXPIRY_WARNING_DAYS = 7;

/** Whole days until `validUntil` (negative once passed). */
export function daysLeft(validUntil: string, now: number): number {
  return Math.floor((Date.parse(validUntil) - now) / DAY_MS);
}

/**
 * The API wallet's expiry (issue 42): Hyperliquid drops a wallet at its `validUntil` (at most 180
 * days), and then refuses every order it signs. A week before, the way to a new one is spelled out.
 */
function WalletExpiry({ validUntil, now }: { validUntil: string; now: number }) {
  const left = daysLeft(validUntil, now);
  const date = new Date(validUntil).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
  const expired = Date.parse(validUntil) <= now;
  return (
    <div className="keys-summary__row">
      <dt>Valid until</dt>
      <dd>
        <time dateTime={validUntil}>{date}</time> · {expired ? 'expired' : left === 0 ? 'expires today' : `${left} ${left === 1 ? 'day' : 'days'} left`}
      </dd>
    </div>
  );
}

/** A week before the expiry and after it: how to approve a new API wallet. */
function ExpiryNotice({ validUntil, now }: { validUntil: string; now: number }) {
  if (daysLeft(validUntil, now) >= WALLET_EXPIRY_WARNING_DAYS) return null;
  const expired = Date.parse(validUntil) <= now;
  return (
    <p className={`notice ${expired ? 'notice--error' : 'notice--warning'}`} role="status">
      {expired ? 'Hyperliquid no longer accepts orders this API wallet signs.' : 'Hyperliquid will stop accepting orders this API wallet signs.'} Approve a new
      one at app.hyperliquid.xyz → More → API (named, valid up to 180 days), then Update Keys here with its address and private key.
    </p>
  );
}

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
        {record.accountAddress !== null && <Address label="Account address" address={record.accountAddress} />}
        {record.apiWalletAddress !== null && <Address label="API wallet address" address={record.apiWalletAddress} />}
        <div className="keys-summary__row">
          <dt>Last used</dt>
          <dd>{lastUsed === null ? 'Never used' : <TimeAgo iso={lastUsed} now={now} />}</dd>
        </div>
        {record.validUntil !== null && <WalletExpiry validUntil={record.validUntil} now={now} />}
        <WalletApproval record={record} />
      </dl>
      <WalletRefusal record={record} />
      {record.validUntil !== null && <ExpiryNotice validUntil={record.validUntil} now={now} />}
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
