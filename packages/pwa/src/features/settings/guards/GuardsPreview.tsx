import { previewEachGuard, previewGuards, type AlertGuards, type PastAlert, type PreviewedGuard } from '@hyperhook/domain';
import { useMemo } from 'react';
import { formatDateTime } from '../../../lib/format/time';
import { PreviewPanel } from '../PreviewPanel';

const GUARD_LABEL: Readonly<Record<PreviewedGuard, string>> = {
  direction: 'Direction',
  tradingWindows: 'Trading windows',
  maxAlertAgeSeconds: 'Maximum alert age',
  cooldownMinutes: 'Cooldown',
  maxEntriesPerDay: 'Entries per day',
};
/** How many held-back entries the preview names, newest first. */
const EXAMPLES = 3;

/** What the guards on screen would have done to the strategy's last alerts (issue 42), each guard alone and all together. */
export function GuardsPreview({ guards, alerts }: { guards: AlertGuards | null; alerts: readonly PastAlert[] }) {
  const preview = useMemo(() => (guards === null ? null : { all: previewGuards(guards, alerts), each: previewEachGuard(guards, alerts) }), [guards, alerts]);
  if (preview === null) return <PreviewPanel title="On the last alerts" notice={<p className="muted">Correct the fields marked to see the preview.</p>} />;
  const { all, each } = preview;
  const guarding = guards !== null && Object.keys(each).length + (guards.dailyLossLimitUsd === undefined ? 0 : 1) > 0;
  const figures = (Object.entries(each) as [PreviewedGuard, number][]).map(([guard, count]) => ({
    label: GUARD_LABEL[guard],
    value: `${count} held back`,
  }));
  return (
    <PreviewPanel
      title={`On the last ${all.alerts} alerts`}
      notice={
        <>
          <p>
            {all.alerts === 0
              ? 'No alert of this strategy yet: the preview fills in as alerts come.'
              : !guarding
                ? `No guard set: all ${all.entries} ${all.entries === 1 ? 'entry' : 'entries'} went to the order path. Set one to see what it would have held back.`
                : `${all.heldBack.length} of ${all.entries} ${all.entries === 1 ? 'entry' : 'entries'} would have been held back; exits always go.`}
          </p>
          {all.heldBack.length > 0 && (
            <ul className="guards-preview__examples">
              {all.heldBack
                .slice(-EXAMPLES)
                .reverse()
                .map((held) => (
                  <li key={held.logId}>
                    <time dateTime={held.receivedAt}>{formatDateTime(held.receivedAt)}</time> {held.coin}: {held.message}
                  </li>
                ))}
            </ul>
          )}
          {guards?.dailyLossLimitUsd !== undefined && <p className="muted">The daily loss limit is not replayed: the log rows hold no P&amp;L.</p>}
        </>
      }
      {...(figures.length > 0 ? { figures } : {})}
    />
  );
}
