import { useState } from 'react';
import { Card } from '../../../components/Card';
import { CopyButton } from '../../../components/CopyButton';
import { useOnline } from '../../../lib/offline/useOnline';
import { logReferralEvent } from './referralActions';
import { referralJoinUrl } from './referralApi';
import { useReferralActions, useReferralInfo } from './useReferral';
import './referral.css';

/** Why the offer was dismissed, as sent to POST /api/referral/decline. */
export const DISMISS_REASON = 'Dismissed the referral panel on the API keys tab';

/**
 * The referral offer on the API KEYS tab: the code with Copy (which
 * logs a `referral_code_copied` event), "Join Hyperliquid" (logs a join click, then opens the
 * exchange's sign-up page with the code) and "Dismiss" (declines with a reason). Hidden once the
 * user has reported joining via the referral or dismissed it, and while the info is unknown.
 */
export function ReferralPanel() {
  const { data: info } = useReferralInfo();
  const { clickJoin, decline } = useReferralActions();
  const online = useOnline();
  // Dismissing hides the offer at once, even if recording the decline fails (that is only logged).
  const [dismissed, setDismissed] = useState(false);
  if (info === undefined || info.joinedViaReferral || info.declinedAt !== null || dismissed) return null;
  const code = info.referralCode;
  const dismiss = () => {
    setDismissed(true);
    void decline(DISMISS_REASON);
  };
  return (
    <Card title="New to Hyperliquid?" headingLevel={3} id="referral" className="referral">
      <p>If you have no Hyperliquid account yet, create it with the hyperhook referral code: it supports hyperhook at no cost to you.</p>
      <div className="referral__code">
        <span className="muted">Referral code</span>
        <code className="referral__value">{code}</code>
        {/* The copy is logged from the wrapper: the shared CopyButton has no callback of its own. */}
        <span onClick={() => void logReferralEvent('referral_code_copied', {})}>
          <CopyButton text={code} className="btn btn--small" />
        </span>
      </div>
      <div className="button-row">
        <a className="btn btn--primary" href={referralJoinUrl(code)} target="_blank" rel="noopener noreferrer" onClick={() => void clickJoin()}>
          Join Hyperliquid
        </a>
        <button type="button" className="btn btn--ghost" onClick={dismiss} disabled={!online}>
          Dismiss
        </button>
      </div>
    </Card>
  );
}
