import type { HistoryEvent } from '@hyperhook/domain';
import { formatDateTime } from '../../lib/format/time';
import { CATEGORY_LABELS } from './historyFilters';

/**
 * One event in plain words — when, what, the detail — with the event as stored one tap away:
 * its position, stream, version, type, hash and data (secrets already left out by the api).
 */
export function HistoryEventItem({ event, strategyName }: { event: HistoryEvent; strategyName: string | null }) {
  return (
    <li className="history-event" data-category={event.category}>
      <div className="history-event__line">
        <time className="history-event__time" dateTime={event.recordedAt}>
          {formatDateTime(event.recordedAt)}
        </time>
        <span className="badge badge--neutral">{CATEGORY_LABELS[event.category]}</span>
        {strategyName !== null && <span className="badge badge--grey">{strategyName}</span>}
      </div>
      <p className="history-event__title">{event.title}</p>
      {event.detail !== null && <p className="history-event__detail">{event.detail}</p>}
      <details className="history-event__raw">
        <summary>Raw event #{event.position.toLocaleString('en-US')}</summary>
        <dl className="history-event__facts">
          <dt>Type</dt>
          <dd>
            <code>{event.type}</code>
          </dd>
          <dt>Stream</dt>
          <dd>
            <code>{event.stream}</code> version {event.version}
          </dd>
          <dt>Position</dt>
          <dd>{event.position}</dd>
          <dt>Hash</dt>
          <dd>
            <code className="history-hash">{event.hash ?? 'not chained'}</code>
          </dd>
        </dl>
        <pre className="history-event__data">{JSON.stringify(event.data, null, 2)}</pre>
      </details>
    </li>
  );
}
