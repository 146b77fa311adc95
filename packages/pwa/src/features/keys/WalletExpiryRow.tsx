import { daysLeft } from '@hyperhook/domain';

/**
 * The API wallet's expiry (issue 42): Hyperliquid drops a wallet at its `validUntil` (at most 180
 * days), and then refuses every order it signs. The days left are the domain's count, rounded up,
 * so the screen says what the server's expiry notices say.
 */
export function WalletExpiryRow({ validUntil, now }: { validUntil: string; now: number }) {
  const left = daysLeft(validUntil, new Date(now));
  const date = new Date(validUntil).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
  const expired = Date.parse(validUntil) <= now;
  return (
    <div className="keys-summary__row">
      <dt>Valid until</dt>
      <dd>
        <time dateTime={validUntil}>{date}</time> · {expired ? 'expired' : `${left} ${left === 1 ? 'day' : 'days'} left`}
      </dd>
    </div>
  );
}
