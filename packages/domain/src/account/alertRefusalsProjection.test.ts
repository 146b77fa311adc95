import { describe, expect, it } from 'vitest';
import type { AccountEvent } from '../eventModel/accountStreamEvents.js';
import { accountStreamId } from '../eventModel/streams.js';
import { at, UID } from '../testing/fixtures.js';
import { foldProjection } from '../readModels/readModel.js';
import { eventLog } from '../readModels/testing/eventLog.js';
import { alertRefusalsProjection } from './alertRefusalsProjection.js';

const refused = (reason: 'rateLimited' | 'sourceNotAllowed', count: number, fromMs: number, strategyId?: string): AccountEvent => ({
  type: 'AlertsRefused',
  v: 1,
  data: { reason, count, from: at(fromMs), to: at(fromMs + 60_000), ...(strategyId === undefined ? {} : { strategyId }) },
});

describe('alertRefusalsProjection (issue 32, point 2)', () => {
  it("given counted refusals of both kinds, then the user's document holds the totals by reason, since when, and the latest count", () => {
    // given
    const log = eventLog();
    log.append(accountStreamId(UID), refused('rateLimited', 300, 0), refused('sourceNotAllowed', 12, 60_000, 'st_eth'), refused('rateLimited', 5, 120_000));
    // when
    const doc = foldProjection(alertRefusalsProjection, log.records).get(UID);
    // then
    expect(doc).toMatchObject({ collection: 'alertRefusals', id: UID, userId: UID });
    expect(doc?.data).toEqual({
      total: 317,
      rateLimited: 305,
      sourceNotAllowed: 12,
      since: at(0),
      last: { reason: 'rateLimited', count: 5, strategyId: null, from: at(120_000), to: at(180_000) },
    });
  });

  it('given only fills and snapshots, then no document', () => {
    const log = eventLog();
    log.append(accountStreamId(UID), {
      type: 'BalanceSnapshotTaken',
      v: 2,
      data: { at: at(0), availableBalance: '1', totalEquity: '1', marginUsed: '0', totalNotional: '0' },
    });
    expect(foldProjection(alertRefusalsProjection, log.records).size).toBe(0);
  });
});
