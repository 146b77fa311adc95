import { useId } from 'react';
import { formatSince } from '../../lib/format/time';
import { MAX_SILENCE_MINUTES, MIN_SILENCE_MINUTES, type SilenceDraft } from './notificationsDraft';

/** A strategy the silence alarms list. */
export interface SilenceRow {
  readonly id: string;
  readonly name: string;
}

/** One strategy's silence alarm: on or off, its minutes, and since when the strategy is silent. */
export function SilenceAlarmRow({
  row,
  alarm,
  silentSince,
  error,
  now,
  onChange,
}: {
  row: SilenceRow;
  alarm: SilenceDraft;
  silentSince: string | null;
  error: string | undefined;
  now: number;
  onChange: (alarm: SilenceDraft) => void;
}) {
  const id = useId();
  return (
    <li className="silence-row" aria-labelledby={`${id}-name`}>
      <div className="silence-row__head">
        <strong id={`${id}-name`}>{row.name}</strong>
        {silentSince !== null && <span className="badge badge--yellow">Silent since {formatSince(silentSince, now)}</span>}
      </div>
      <div className="silence-row__control">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={alarm.on}
            aria-describedby={error === undefined ? undefined : `${id}-error`}
            onChange={(e) => onChange({ ...alarm, on: e.target.checked })}
          />
          <span>Expect an alert at least every</span>
        </label>
        <input
          className="input num silence-row__minutes"
          type="number"
          inputMode="numeric"
          min={MIN_SILENCE_MINUTES}
          max={MAX_SILENCE_MINUTES}
          step={1}
          aria-label={`Minutes without an alert before ${row.name} is silent`}
          aria-invalid={error === undefined ? undefined : true}
          aria-describedby={error === undefined ? undefined : `${id}-error`}
          disabled={!alarm.on}
          value={alarm.minutes}
          onChange={(e) => onChange({ ...alarm, minutes: e.target.value })}
        />
        <span aria-hidden="true">minutes</span>
      </div>
      {error !== undefined && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </li>
  );
}
