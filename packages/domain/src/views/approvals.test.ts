import { describe, expect, it } from 'vitest';
import { signalStreamId } from '../eventModel/streams.js';
import { foldProjection } from '../readModels/readModel.js';
import { eventLog } from '../readModels/testing/eventLog.js';
import type { SignalEvent } from '../signal/signalEvents.js';
import { toWebhookLogView, webhookLogsProjection } from '../signal/webhookLogsProjection.js';
import { at, received, validationStarted } from '../testing/fixtures.js';
import { ApprovalListSchema, approvalsOf } from './approvals.js';

const held = (ms: number): SignalEvent => ({
  type: 'SignalHeldForApproval',
  v: 1,
  data: { at: at(ms), expiresAt: at(ms + 300_000), coin: 'BTC', side: 'buy', size: '0.01', price: '60010' },
});
const approved: SignalEvent = { type: 'SignalApproved', v: 1, data: { at: at(60_000), via: 'app' } };

/** The log views of signals, each given by its id and its events. */
function logsOf(signals: Record<string, readonly SignalEvent[]>) {
  const log = eventLog();
  for (const [id, events] of Object.entries(signals)) {
    const first = events[0];
    const renamed = first?.type === 'SignalReceived' ? [{ ...first, data: { ...first.data, signalId: id } }, ...events.slice(1)] : events;
    log.append(signalStreamId(id), ...renamed);
  }
  return [...foldProjection(webhookLogsProjection, log.records).values()].map(toWebhookLogView);
}

describe('approvalsOf: the entries awaiting approval (issue 42)', () => {
  it('given held, approved and never-held logs, when listed, then only the held ones, the newest held first, with what was planned and until when', () => {
    // given
    const logs = logsOf({
      older: [received, validationStarted, held(10)],
      newer: [received, validationStarted, held(20)],
      answered: [received, validationStarted, held(30), approved],
      plain: [received, validationStarted],
    });
    // when
    const list = approvalsOf(logs);
    // then
    expect(list.map((entry) => entry.logId)).toEqual(['newer', 'older']);
    expect(list[0]).toEqual({
      logId: 'newer',
      strategyId: 'main',
      strategyName: 'Main',
      venue: 'live',
      coin: 'BTC',
      side: 'buy',
      size: '0.01',
      price: '60010',
      heldAt: at(20),
      expiresAt: at(300_020),
    });
    expect(ApprovalListSchema.parse(list)).toEqual(list);
  });
});
