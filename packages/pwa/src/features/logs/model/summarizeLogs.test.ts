import type { SignalStatus } from '@hyperhook/domain';
import { describe, expect, it } from 'vitest';
import { aLog, anExecutedLog } from '../logs.fixtures';
import { latencyOf } from './latency';
import { summarizeLogs } from './summarizeLogs';

const ofStatuses = (...statuses: SignalStatus[]) => statuses.map((status, i) => aLog(`l${i}`, { status, agoMs: (i + 1) * 1_000 }));

describe('summarizeLogs (TAB-LOGS-06..TAB-LOGS-14)', () => {
  it('TAB-LOGS-06, TAB-LOGS-07, TAB-LOGS-09, TAB-LOGS-10, TAB-LOGS-14, STATE-06: count, rounded success rate, failed, in flight (validating + executing) and a count per status', () => {
    const summary = summarizeLogs(ofStatuses('executed', 'executed', 'failed', 'validating', 'executing', 'received'));
    expect(summary).toMatchObject({
      signals: 6,
      successRate: 33,
      failed: 1,
      inFlight: 2,
      counts: { executed: 2, failed: 1, validating: 1, executing: 1, received: 1 },
    });
  });

  it('issue 42, STATE-06: an entry waiting for approval has its count, and is not in flight (nothing is sent while it waits)', () => {
    const summary = summarizeLogs(ofStatuses('awaiting_approval', 'awaiting_approval', 'validating'));
    expect(summary).toMatchObject({ signals: 3, inFlight: 1, counts: { awaiting_approval: 2, validating: 1 } });
  });

  it('TAB-LOGS-08, TAB-LOGS-13 decided: green when the rounded rate is 80 or more (79.5% rounds to 80), yellow below', () => {
    const rate = (executed: number, total: number) =>
      summarizeLogs(ofStatuses(...Array.from({ length: total }, (_, i): SignalStatus => (i < executed ? 'executed' : 'failed'))));
    expect([rate(4, 5).successRate, rate(4, 5).successTone]).toEqual([80, 'good']);
    // 159 / 200 = 79.5% → 80
    expect([rate(159, 200).successRate, rate(159, 200).successTone]).toEqual([80, 'good']);
    // 157 / 200 = 78.5% → 79 (round half up), yellow
    expect([rate(157, 200).successRate, rate(157, 200).successTone]).toEqual([79, 'warn']);
    expect([rate(3, 4).successRate, rate(3, 4).successTone]).toEqual([75, 'warn']);
  });

  it('TAB-LOGS-11, TAB-LOGS-35: Avg Latency is the mean of executedAt − createdAt over executed logs only', () => {
    const logs = [anExecutedLog('a', { latencyMs: 300 }), anExecutedLog('b', { latencyMs: 900 }), aLog('c', { status: 'failed' })];
    expect(summarizeLogs(logs).avgLatencyMs).toBe(600);
    // Without latencyMs from the api, the two times still give it.
    const { latencyMs: _, ...withoutLatency } = anExecutedLog('d', { latencyMs: 1_250 });
    expect(latencyOf(withoutLatency)).toBe(1_250);
    expect(latencyOf(aLog('e'))).toBeUndefined();
  });

  it('TAB-LOGS-12: the last signal is the newest received', () => {
    const logs = [aLog('older', { agoMs: 5_000 }), aLog('newest', { agoMs: 1_000 })];
    expect(summarizeLogs(logs).lastSignalAt).toBe(logs[1]?.createdAt);
  });

  it('TAB-LOGS-12, TAB-LOGS-13 decided: with no signals, nothing to divide: no rate, no latency, no last signal (each shown "—")', () => {
    expect(summarizeLogs([])).toEqual({
      signals: 0,
      successRate: null,
      successTone: null,
      failed: 0,
      guarded: 0,
      inFlight: 0,
      avgLatencyMs: null,
      lastSignalAt: null,
      counts: { executed: 0, executing: 0, awaiting_approval: 0, validating: 0, received: 0, failed: 0 },
    });
  });

  it('issue 42, point 1: the entries a guard held back are counted among the failed, and apart', () => {
    const guarded = aLog('g1', { status: 'failed', error: 'A short entry; this strategy takes long entries only.', guard: 'GUARD_DIRECTION' });
    const summary = summarizeLogs([...ofStatuses('executed', 'failed'), guarded]);
    expect(summary).toMatchObject({ signals: 3, failed: 2, guarded: 1 });
  });
});
