import { Field } from '../../components/Field';
import type { RiskAlarmDraft } from './notificationsDraft';

/** One alarm: on or off, and its percentage. */
export function RiskAlarmField({
  label,
  tick,
  hint,
  alarm,
  bounds,
  error,
  onChange,
}: {
  label: string;
  tick: string;
  hint: string;
  alarm: RiskAlarmDraft;
  bounds: { readonly min: number; readonly max: number };
  error: string | undefined;
  onChange: (alarm: RiskAlarmDraft) => void;
}) {
  return (
    <div className="form-grid risk-alarm">
      <label className="checkbox">
        <input type="checkbox" checked={alarm.on} onChange={(e) => onChange({ ...alarm, on: e.target.checked })} />
        <span>{tick}</span>
      </label>
      <Field label={label} hint={hint} error={error}>
        <input
          className="input num"
          type="number"
          inputMode="decimal"
          min={bounds.min}
          max={bounds.max}
          step="any"
          disabled={!alarm.on}
          value={alarm.pct}
          onChange={(e) => onChange({ ...alarm, pct: e.target.value })}
        />
      </Field>
    </div>
  );
}
