import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../lib/queryKeys';
import { configuredKeys, defaultSettings, logView, noKeys, positionView } from '../../test/fixtures';
import { WEBHOOK_LOGS_CAP } from '@hyperhook/domain';
import { applyLiveMessage, upsertLog } from './applyLiveMessage';

const resync = (webhookLogs: unknown[] = []) => ({
  type: 'resync' as const,
  data: {
    webhookLogs,
    positions: [positionView()],
    balance: null,
    settings: defaultSettings,
    keys: configuredKeys,
    referral: {
      joinedViaReferral: false,
      joinedReportedAt: null,
      declinedReason: null,
      declinedAt: null,
      joinClicks: 0,
      eventsCount: 0,
      lastEventType: null,
      lastUpdatedAt: null,
    },
    protectiveOrders: [],
  },
});

describe('applyLiveMessage (TAB-LOGS-05, TAB-POS-06, API-28, API-29)', () => {
  it('given a resync, then every live entry is replaced: logs newest first, positions, settings, keys; a null balance leaves the loaded one', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.balance, { availableBalance: 5 });
    const older = logView({ webhookLogId: 'older', agoMs: 60_000 });
    const newer = logView({ webhookLogId: 'newer', agoMs: 1_000 });
    applyLiveMessage(queryClient, resync([older, newer]), new Map());
    expect(queryClient.getQueryData<{ webhookLogId: string }[]>(queryKeys.webhookLogs)?.map((l) => l.webhookLogId)).toEqual(['newer', 'older']);
    expect(queryClient.getQueryData(queryKeys.positions)).toEqual([positionView()]);
    expect(queryClient.getQueryData(queryKeys.settings)).toEqual(defaultSettings);
    expect(queryClient.getQueryData(queryKeys.keys)).toEqual(configuredKeys);
    expect(queryClient.getQueryData(queryKeys.balance)).toEqual({ availableBalance: 5 });
  });

  it('STATE-02: given a change of a log, then that log is added or replaced in place (a status change shows without a reload)', () => {
    const queryClient = new QueryClient();
    const versions = new Map<string, number>();
    const log = logView({ webhookLogId: 'sig-1', status: 'received' });
    applyLiveMessage(queryClient, resync([logView({ webhookLogId: 'sig-0', agoMs: 120_000 })]), versions);
    applyLiveMessage(queryClient, { type: 'change', collection: 'webhookLogs', id: 'sig-1', version: 10, doc: log }, versions);
    applyLiveMessage(queryClient, { type: 'change', collection: 'webhookLogs', id: 'sig-1', version: 12, doc: { ...log, status: 'executed' } }, versions);
    const logs = queryClient.getQueryData<{ webhookLogId: string; status: string }[]>(queryKeys.webhookLogs);
    expect(logs?.map((l) => [l.webhookLogId, l.status])).toEqual([
      ['sig-1', 'executed'],
      ['sig-0', 'received'],
    ]);
  });

  it('given a change older than one already applied (messages crossing), then it is ignored: the newest version wins', () => {
    const queryClient = new QueryClient();
    const versions = new Map<string, number>();
    applyLiveMessage(queryClient, { type: 'change', collection: 'keySummary', id: 'user-1', version: 20, doc: noKeys }, versions);
    applyLiveMessage(queryClient, { type: 'change', collection: 'keySummary', id: 'user-1', version: 19, doc: configuredKeys }, versions);
    expect(queryClient.getQueryData(queryKeys.keys)).toEqual(noKeys);
  });

  it('CONST-02: given more than 200 logs, then only the 200 most recent are kept', () => {
    let logs = Array.from({ length: WEBHOOK_LOGS_CAP }, (_, i) => logView({ webhookLogId: `old-${i}`, agoMs: 1_000_000 + i }));
    logs = upsertLog(logs, logView({ webhookLogId: 'new', agoMs: 0 }));
    expect(logs).toHaveLength(200);
    expect(logs[0]?.webhookLogId).toBe('new');
    expect(logs.some((l) => l.webhookLogId === 'old-199')).toBe(false);
  });

  it('given a malformed document, then it is ignored and the cache keeps what it had', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.positions, [positionView()]);
    applyLiveMessage(queryClient, { type: 'change', collection: 'positions', id: 'user-1', version: 3, doc: [{ symbol: 42 }] }, new Map());
    expect(queryClient.getQueryData(queryKeys.positions)).toEqual([positionView()]);
  });

  it('given referral info pushed live (without the code), then it is merged into the loaded info, keeping the referral code', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.referral, { ...resync().data.referral, referralCode: 'HYPERHOOK' });
    applyLiveMessage(
      queryClient,
      { type: 'change', collection: 'referral', id: 'user-1', version: 4, doc: { ...resync().data.referral, joinedViaReferral: true } },
      new Map(),
    );
    expect(queryClient.getQueryData(queryKeys.referral)).toMatchObject({ referralCode: 'HYPERHOOK', joinedViaReferral: true });
  });

  it('issue 29, point 7: given a resync with one malformed log and a malformed balance, then the other logs and parts are applied and the loaded balance stays', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.balance, { availableBalance: 5 });
    const good = logView({ webhookLogId: 'good' });
    applyLiveMessage(
      queryClient,
      { type: 'resync', data: { ...resync().data, webhookLogs: [good, { webhookLogId: 7 }], balance: { availableBalance: 'lots' } } },
      new Map(),
    );
    expect(queryClient.getQueryData<{ webhookLogId: string }[]>(queryKeys.webhookLogs)?.map((l) => l.webhookLogId)).toEqual(['good']);
    expect(queryClient.getQueryData(queryKeys.balance)).toEqual({ availableBalance: 5 });
    expect(queryClient.getQueryData(queryKeys.keys)).toEqual(configuredKeys);
  });

  it('issue 29, point 7: given a change of a kind this client does not know (a newer server), then it is ignored', () => {
    const queryClient = new QueryClient();
    applyLiveMessage(queryClient, { type: 'change', collection: 'somethingNewer', id: 'x', version: 1, doc: { any: 1 } }, new Map());
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it("issue 39: given a change of the strategies' ledger, then every strategy's stops are replaced and each strategy's own positions and stops are read again", () => {
    const queryClient = new QueryClient();
    const stop = {
      strategyId: 'st_trend',
      symbol: 'ETH',
      kind: 'stopLoss' as const,
      triggerPrice: 3000,
      size: 0.05,
      side: 'sell' as const,
      oid: 7,
      cloid: `0x${'1'.repeat(32)}`,
    };
    queryClient.setQueryData(queryKeys.strategyOwnPositions('st_trend'), []);
    queryClient.setQueryData(queryKeys.protectiveOrders('st_trend'), []);
    applyLiveMessage(queryClient, { type: 'change', collection: 'strategyPositions', id: 'u1', version: 3, doc: [stop] }, new Map());
    expect(queryClient.getQueryData(queryKeys.protectiveOrders(null))).toEqual([stop]);
    expect(queryClient.getQueryState(queryKeys.strategyOwnPositions('st_trend'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.protectiveOrders('st_trend'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.protectiveOrders(null))?.isInvalidated).toBe(false);
  });
});
