import type { CredentialsRecord } from '@hyperhook/domain';

type Approval = Pick<CredentialsRecord, 'approval' | 'approvalMessage'>;

/**
 * Whether Hyperliquid approved the API wallet (issue 42, point 2), as a row of the summary. A
 * wallet made without a name (as the SDKs make them) is saved at once and confirmed in the
 * background: meanwhile the row says so; a confirmed wallet needs no row.
 */
export function WalletApproval({ record }: { record: Approval }) {
  if (record.approval !== 'checking' && record.approval !== 'refused') return null;
  return (
    <div className="keys-summary__row">
      <dt>Approval</dt>
      <dd>{record.approval === 'checking' ? <span role="status">Checking with Hyperliquid…</span> : <span className="badge badge--red">Not approved</span>}</dd>
    </div>
  );
}

/** Why the wallet was refused, in the words the save itself used to give, below the summary's rows. */
export function WalletRefusal({ record }: { record: Approval }) {
  if (record.approval !== 'refused') return null;
  return (
    <p className="notice notice--error keys-summary__refusal" role="alert">
      {record.approvalMessage ?? 'Hyperliquid does not know this API wallet for your account.'}
    </p>
  );
}
