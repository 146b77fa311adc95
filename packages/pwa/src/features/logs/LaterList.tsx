import type { LaterEntry } from '@hyperhook/domain';
import { formatClockTime, formatDateTime } from '../../lib/format/time';

/**
 * What the alert caused after its own order (issue 41 §2): stops placed and moved by the trail or
 * break-even, take-profits filled, cancel-after, and every refusal in the venue's words, so one row
 * tells the whole life of the position it opened. The newest 20 are kept; a refusal stands out.
 */
export function LaterList({ later }: { later: readonly LaterEntry[] | undefined }) {
  if (later === undefined || later.length === 0) return null;
  return (
    <div className="notice logs-box" role="group" aria-label="Later">
      <p className="logs-box__title">Later</p>
      <ol className="logs-later">
        {later.map((entry, i) => (
          <li key={`${entry.at}-${i}`} className={entry.refused === true ? 'logs-later__item logs-later__item--refused' : 'logs-later__item'}>
            <time className="muted num" dateTime={entry.at} title={formatDateTime(entry.at)}>
              {formatClockTime(entry.at)}
            </time>
            <span>{entry.text}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
