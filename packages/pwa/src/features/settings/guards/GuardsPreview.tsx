import { plural, previewEachGuard, previewGuards, type AlertGuards, type PastAlert, type PreviewedGuard } from '@hyperhook/domain';
import { useMemo } from 'react';
import { formatDateTime } from '../../../lib/format/time';
import { PreviewPanel } from '../PreviewPanel';
import { guardsPreviewSentence } from './guardsPreviewText';

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
  if (guards === null || preview === null)
    return <PreviewPanel title="On the last alerts" notice={<p className="muted">Correct the fields marked to see the preview.</p>} />;
  const { all, each } = preview;
  const guarding = Object.keys(each).length + (guards.dailyLossLimitUsd === undefined ? 0 : 1) > 0;
  const figures = (Object.entries(each) as [PreviewedGuard, number][]).map(([guard, count]) => ({
    label: GUARD_LABEL[guard],
    value: `${count} held back`,
  }));
  // Alone, manual approval holds every entry until the trader answers.
  if (guards.approval === 'manual') figures.push({ label: 'Manual approval', value: `${all.entries} would have waited` });
  return (
    <PreviewPanel
      title={`On the last ${plural(all.alerts, 'alert')}`}
      notice={
        <>
          <p>{guardsPreviewSentence(guards, all, guarding)}</p>
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
          {guards.dailyLossLimitUsd !== undefined && <p className="muted">The daily loss limit is not replayed: the log rows hold no P&amp;L.</p>}
        </>
      }
      {...(figures.length > 0 ? { figures } : {})}
    />
  );
}
