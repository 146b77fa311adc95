import { describe, expect, it } from 'vitest';
import { accountStreamId, paperStreamId, signalStreamId, userStreamId } from '../eventModel/streams.js';
import { account, executed, planned, received, SIGNAL_ID, submitted, UID, validationStarted } from '../testing/fixtures.js';
import { allProjections } from './allProjections.js';
import { foldProjection } from './readModel.js';
import { eventLog } from './testing/eventLog.js';

describe('allProjections', () => {
  it('each read model has its own collection', () => {
    const names = allProjections.map((p) => p.collection);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([
      'webhookLogs',
      'positions',
      'balances',
      'paperAccounts',
      'settings',
      'keySummary',
      'referral',
      'webhookRoutes',
      'webhookAccess',
      'alertRefusals',
      'strategyPositions',
    ]);
  });

  it('CARD-34: replaying a mixed history rebuilds every read model, scoped to its user (ROLE-02)', () => {
    const log = eventLog();
    log.append(userStreamId(UID), ...account);
    log.append(signalStreamId(SIGNAL_ID), received, validationStarted, planned, submitted, executed);
    log.append(accountStreamId(UID), {
      type: 'PositionsSnapshotTaken',
      v: 2,
      data: { at: '2025-10-01T12:00:01.000Z', source: 'fill', positions: [{ coin: 'BTC', szi: '0.0033' }] },
    });
    log.append(accountStreamId(UID), {
      type: 'BalanceSnapshotTaken',
      v: 2,
      data: { at: '2025-10-01T12:00:01.000Z', availableBalance: '900', totalEquity: '1000', marginUsed: '100', totalNotional: '200' },
    });
    log.append(accountStreamId(UID), {
      type: 'FillRecorded',
      v: 1,
      data: {
        coin: 'BTC',
        px: '60000',
        sz: '0.0033',
        side: 'B',
        time: '2025-10-01T12:00:01.000Z',
        oid: 1,
        tid: 1,
        closedPnl: '0',
        fee: '0.1',
        dir: 'Open Long',
        signalId: SIGNAL_ID,
      },
    });
    log.append(accountStreamId(UID), {
      type: 'AlertsRefused',
      v: 1,
      data: { reason: 'rateLimited', count: 3, from: '2025-10-01T12:00:02.000Z', to: '2025-10-01T12:01:02.000Z' },
    });
    log.append(paperStreamId(UID), {
      type: 'PaperAccountSnapshotTaken',
      v: 1,
      data: {
        strategyId: 'st_paper',
        epoch: 0,
        at: '2025-10-01T12:00:01.000Z',
        balance: { availableBalance: '900', totalEquity: '1000', marginUsed: '100', totalNotional: '200' },
        positions: [],
      },
    });
    const counts = allProjections.map((p) => {
      const docs = [...foldProjection(p, log.records).values()];
      expect(docs.every((d) => d.userId === UID && d.collection === p.collection)).toBe(true);
      return docs.length;
    });
    // keySummary, referral and the webhook route/access exist from sign-up; every collection has the user's one document.
    expect(counts).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
  });
});
