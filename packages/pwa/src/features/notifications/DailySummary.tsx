import { useMemo } from 'react';
import { Field } from '../../components/Field';
import type { FieldErrors, SummaryDraft } from './notificationsDraft';

/** The IANA zones the browser knows, with `current` among them. */
function timeZones(current: string): string[] {
  const known = (Intl as { supportedValuesOf?: (key: 'timeZone') => string[] }).supportedValuesOf?.('timeZone') ?? [];
  const zones = new Set([...known, 'UTC', current]);
  return [...zones].filter((z) => z !== '').sort((a, b) => a.localeCompare(b));
}

/**
 * The daily summary (issue 30, point 3): alerts received, executed and failed, realised P&L and
 * open positions, once a day at the time the trader picks, in their time zone (the browser's by default).
 */
export function DailySummary({ summary, errors, onChange }: { summary: SummaryDraft; errors: FieldErrors; onChange: (summary: SummaryDraft) => void }) {
  const zones = useMemo(() => timeZones(summary.timeZone), [summary.timeZone]);
  return (
    <div className="form-grid">
      <label className="checkbox">
        <input type="checkbox" checked={summary.on} onChange={(e) => onChange({ ...summary, on: e.target.checked })} />
        <span>Send me a daily summary</span>
      </label>
      <div className="form-grid form-grid--2">
        <Field label="Summary time" error={errors['dailySummary.time']}>
          <input
            className="input num"
            type="time"
            required
            disabled={!summary.on}
            value={summary.time}
            onChange={(e) => onChange({ ...summary, time: e.target.value })}
          />
        </Field>
        <Field label="Time zone" error={errors['dailySummary.timeZone']}>
          <select className="select" disabled={!summary.on} value={summary.timeZone} onChange={(e) => onChange({ ...summary, timeZone: e.target.value })}>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </div>
  );
}
