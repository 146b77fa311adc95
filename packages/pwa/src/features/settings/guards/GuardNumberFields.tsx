import { GUARD_LIMITS } from '@hyperhook/domain';
import { Field } from '../../../components/Field';
import type { GuardsDraft, NumberField } from './guardsDraft';

const NUMBER_INPUTS: readonly { field: NumberField; label: string; hint: string; bounds: { min: number; max: number } }[] = [
  {
    field: 'maxAlertAgeSeconds',
    label: 'Maximum alert age (s)',
    hint: 'An entry sent longer ago (timenow, timestamp or time in the alert) is refused; 3Commas max_lag applies too.',
    bounds: GUARD_LIMITS.maxAlertAgeSeconds,
  },
  {
    field: 'cooldownMinutes',
    label: 'Cooldown per coin (min)',
    hint: 'After an entry in a coin, further entries in it wait this long.',
    bounds: GUARD_LIMITS.cooldownMinutes,
  },
  {
    field: 'maxEntriesPerDay',
    label: 'Entries per day',
    hint: 'At most this many entries a day, in the time zone below.',
    bounds: GUARD_LIMITS.maxEntriesPerDay,
  },
  {
    field: 'dailyLossLimitUsd',
    label: 'Daily loss limit (USD)',
    hint: 'Past this loss in a day (realised and open), entries stop until midnight; each one held back is told as “Entry held back” where you chose it.',
    bounds: GUARD_LIMITS.dailyLossLimitUsd,
  },
];

/** The guards that are a number, each bounded by the domain's limits; empty is "no limit". */
export function GuardNumberFields({
  draft,
  errors,
  onChange,
}: {
  draft: GuardsDraft;
  errors: Readonly<Record<string, string>>;
  onChange: (patch: Partial<GuardsDraft>) => void;
}) {
  return NUMBER_INPUTS.map(({ field, label, hint, bounds }) => (
    <Field key={field} label={label} hint={hint} error={errors[field]}>
      <input
        className="input num"
        type="number"
        inputMode="numeric"
        min={bounds.min}
        max={bounds.max}
        step={1}
        placeholder="No limit"
        value={draft[field]}
        onChange={(e) => onChange({ [field]: e.target.value })}
      />
    </Field>
  ));
}
