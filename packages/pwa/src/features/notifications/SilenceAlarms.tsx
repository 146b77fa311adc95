import { type SilenceAlarmView, type StrategyView } from '@hyperhook/domain';
import { silenceOf, type FieldErrors, type NotificationsDraft, type SilenceDraft } from './notificationsDraft';
import { SilenceAlarmRow, type SilenceRow } from './SilenceAlarmRow';

/** The strategies to list: the trader's, else (while they load) those the saved alarms name. */
function rowsOf(strategies: readonly StrategyView[] | undefined, alarms: readonly SilenceAlarmView[]): SilenceRow[] {
  if (strategies !== undefined) return strategies.map((s) => ({ id: s.id, name: s.name }));
  return alarms.map((a) => ({ id: a.strategyId, name: a.strategyName }));
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
        <SilenceAlarmRow
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
