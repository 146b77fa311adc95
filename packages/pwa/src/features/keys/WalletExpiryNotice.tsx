import { daysLeft, hyperliquidAppSite } from '@hyperhook/domain';

/**
 * Up to this many days left, the summary says how to approve a new API wallet (issue 42): the
 * domain's count rounds up, so this is the window of the server's `week` expiry notice.
 */
export const WALLET_EXPIRY_WARNING_DAYS = 7;

/** A week before the expiry and after it: how to approve a new API wallet. */
export function WalletExpiryNotice({ validUntil, isTestnet, now }: { validUntil: string; isTestnet: boolean; now: number }) {
  if (daysLeft(validUntil, new Date(now)) > WALLET_EXPIRY_WARNING_DAYS) return null;
  const expired = Date.parse(validUntil) <= now;
  return (
    <p className={`notice ${expired ? 'notice--error' : 'notice--warning'}`} role="status">
      {expired ? 'Hyperliquid no longer accepts orders this API wallet signs.' : 'Hyperliquid will stop accepting orders this API wallet signs.'} Approve a new
      one at {hyperliquidAppSite(isTestnet)} → More → API (named, valid up to 180 days), then Update Keys here with its address and private key.
    </p>
  );
}
