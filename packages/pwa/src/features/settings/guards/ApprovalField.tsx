import { GUARD_LIMITS } from '@hyperhook/domain';
import { Field } from '../../../components/Field';
import { APPROVAL_TIMEOUT_BOUNDS, withTimeoutUnit, type GuardsDraft, type TimeoutUnit } from './guardsDraft';

const { min, max } = GUARD_LIMITS.approvalTimeoutSeconds;
const BOUNDS: Readonly<Record<TimeoutUnit, { min: number; max: number; step: number | 'any' }>> = {
  seconds: { min, max, step: 1 },
  minutes: { min: min / 60, max: max / 60, step: 'any' },
};

/**
 * Manual approval (issue 42): each entry waits for the trader's answer, in the app or from a
 * notification, up to the timeout (in seconds or minutes); exits never wait.
 */
export function ApprovalField({ draft, error, onChange }: { draft: GuardsDraft; error: string | undefined; onChange: (patch: Partial<GuardsDraft>) => void }) {
  const unit = BOUNDS[draft.approvalTimeoutUnit];
  return (
    <>
      <Field label="Approval" hint="Manual: each entry waits for your Approve, in the app or from a notification; exits never wait.">
        <select className="select" value={draft.approval} onChange={(e) => onChange({ approval: e.target.value as GuardsDraft['approval'] })}>
          <option value="auto">Automatic</option>
          <option value="manual">Manual approval</option>
        </select>
      </Field>
      {draft.approval === 'manual' && (
        <Field
          label="Approval timeout"
          hint={`Unanswered this long, the entry is not sent. ${APPROVAL_TIMEOUT_BOUNDS}`}
          error={error}
          addon={
            <select
              className="select guards-approval__unit"
              aria-label="Unit of the approval timeout"
              value={draft.approvalTimeoutUnit}
              onChange={(e) => onChange(withTimeoutUnit(draft, e.target.value as TimeoutUnit))}
            >
              <option value="seconds">seconds</option>
              <option value="minutes">minutes</option>
            </select>
          }
        >
          <input
            className="input num guards-approval__amount"
            type="number"
            inputMode="decimal"
            min={unit.min}
            max={unit.max}
            step={unit.step}
            value={draft.approvalTimeout}
            onChange={(e) => onChange({ approvalTimeout: e.target.value })}
          />
        </Field>
      )}
    </>
  );
}
