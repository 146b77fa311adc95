import { hyperliquidAppSite, keysExpiryStage } from '@hyperhook/domain';

/**
 * From a week before the expiry, and after it: how to approve a new API wallet. It shows while the
 * server's `keys.expiring` notices are due (the domain's keysExpiryStage), so the two agree.
 */
export function WalletExpiryNotice({ validUntil, isTestnet, now }: { validUntil: string; isTestnet: boolean; now: number }) {
  const stage = keysExpiryStage(validUntil, new Date(now));
  if (stage === null) return null;
  const expired = stage === 'expired';
  return (
    <p className={`notice ${expired ? 'notice--error' : 'notice--warning'}`} role="status">
      {expired ? 'Hyperliquid no longer accepts orders this API wallet signs.' : 'Hyperliquid will stop accepting orders this API wallet signs.'} Approve a new
      one at {hyperliquidAppSite(isTestnet)} → More → API (named, valid up to 180 days), then Update Keys here with its address and private key.
    </p>
  );
}
