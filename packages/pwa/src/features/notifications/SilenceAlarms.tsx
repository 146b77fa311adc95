import type { SilenceAlarmView, StrategyView } from '@hyperhook/domain';
import { useId } from 'react';
import { formatSince } from '../../lib/format/time';
import { MAX_SILENCE_MINUTES, MIN_SILENCE_MINUTES, silenceOf, type FieldErrors, type NotificationsDraft, type SilenceDraft } from './notificationsDraft';

interface Row {
  readonly id: string;
  readonly name: string;
}

/** The strategies to list: the trader's, else (while they load) those the saved alarms name. */
function rowsOf(strategies: readonly StrategyView[] | undefined, alarms: readonly SilenceAlarmView[]): Row[] {
  if (strategies !== undefined) return strategies.map((s) => ({ id: s.id, name: s.name }));
  return alarms.map((a) => ({ id: a.strategyId, name: a.strategyName }));
}

function AlarmRow({ row, alarm, silentSince, error, now, onChange }: { row: Row; alarm: SilenceDraft; silentSince: string | null; error: string | undefined; now: number; onChange: (alarm: SilenceDraft) => void }) {
  const id = useId();
  return (
    <li className="silence-row" aria-labelledby={`${id}-name`}>
      <div className="silence-row__head">
        <strong id={`${id}-name`}>{row.name}</strong>
        {silentSince !== null && <span className="badge badge--yellow">Silent since {formatSince(silentSince, now)}</span>}
      </div>
      <div className="silence-row__control">
        <label className="checkbox">
          <input type="checkbox" checked={alarm.on} aria-describedby={error === undefined ? undefined : `${id}-error`} onChange={(e) => onChange({ ...alarm, on: e.target.checked })} />
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

/**
 * The silence alarm per strategy (issue 30, point 3): "expect an alert at least every N minutes",
 * off by default. A strategy found silent says since when; the trader is told once, until alerts resume.
 */
export function SilenceAlarms({
  draft,
  strategies,
  alarms,
  errors,
  now,
  onChange,
}: {
  draft: NotificationsDraft;
  strategies: readonly StrategyView[] | undefined;
  alarms: readonly SilenceAlarmView[];
  errors: FieldErrors;
  now: number;
  onChange: (strategyId: string, alarm: SilenceDraft) => void;
}) {
  const rows = rowsOf(strategies, alarms);
  if (rows.length === 0) return <p className="muted">Loading strategies...</p>;
  return (
    <ul className="silence-list">
      {rows.map((row) => (
        <AlarmRow
          key={row.id}
          row={row}
          alarm={silenceOf(draft, row.id)}
          silentSince={alarms.find((a) => a.strategyId === row.id)?.silentSince ?? null}
          error={errors[`silence.${row.id}`]}
          now={now}
          onChange={(alarm) => onChange(row.id, alarm)}
        />
      ))}
    </ul>
  );
}
