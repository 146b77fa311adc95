import { useId } from 'react';
import { useReferralInfo } from './useReferral';

/**
 * The keys form's box by which the user states they joined Hyperliquid via the referral.
 * It is reported only after the keys are saved, and is not
 * offered again once reported.
 */
export function ReferralCheckbox({ checked, onChange, disabled = false }: { checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }) {
  const { data: info } = useReferralInfo();
  const hintId = useId();
  if (info?.joinedViaReferral === true) return null;
  return (
    <div className="field">
      <label className="checkbox">
        <input type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} aria-describedby={hintId} />
        <span>
          I joined Hyperliquid with the hyperhook referral code
          {info !== undefined && (
            <>
              {' '}
              <code>{info.referralCode}</code>
            </>
          )}
        </span>
      </label>
      <p className="field__hint" id={hintId}>
        Optional. We record it once your keys are saved; it changes nothing in your trading.
      </p>
    </div>
  );
}
