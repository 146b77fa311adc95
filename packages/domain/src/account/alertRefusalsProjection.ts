import { defineProjection, streamEntityId, type ReadModelDoc } from '../readModels/readModel.js';
import type { AlertRefusals } from './alertRefusalsView.js';

/** Read-model collection of counted alert refusals. */
export const ALERT_REFUSALS_COLLECTION = 'alertRefusals';

/** An alert-refusals document. */
export type AlertRefusalsDoc = ReadModelDoc<AlertRefusals>;

/** Before any counted refusal. */
export const NO_ALERT_REFUSALS: AlertRefusals = Object.freeze({ total: 0, rateLimited: 0, sourceNotAllowed: 0, since: null, last: null });

/**
 * Counted refusals: per user, from the AlertsRefused events of `account-<uid>` (issue 32, point
 * 2) — the running totals by reason, when counting began and the latest count.
 */
export const alertRefusalsProjection = defineProjection<AlertRefusals>({
  collection: ALERT_REFUSALS_COLLECTION,
  idOf: (event, meta) => (event.type === 'AlertsRefused' ? streamEntityId(meta, 'account') : null),
  userIdOf: (_event, meta) => streamEntityId(meta, 'account'),
  evolve: (current, event) => {
    if (event.type !== 'AlertsRefused') return current;
    const base = current ?? NO_ALERT_REFUSALS;
    const { data } = event;
    return {
      total: base.total + data.count,
      rateLimited: base.rateLimited + (data.reason === 'rateLimited' ? data.count : 0),
      sourceNotAllowed: base.sourceNotAllowed + (data.reason === 'sourceNotAllowed' ? data.count : 0),
      since: base.since === null || data.from < base.since ? data.from : base.since,
      last: { reason: data.reason, count: data.count, strategyId: data.strategyId ?? null, from: data.from, to: data.to },
    };
  },
});
