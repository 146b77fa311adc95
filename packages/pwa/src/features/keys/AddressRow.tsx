import { CopyButton } from '../../components/CopyButton';

/** A saved address in the summary, with a Copy button: it is pasted into Hyperliquid's app to check a wallet. */
export function AddressRow({ label, address }: { label: string; address: string }) {
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
