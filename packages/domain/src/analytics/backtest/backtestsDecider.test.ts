import { describe, it } from 'vitest';
import { deciderSpec } from '../../testing/deciderSpec.js';
import type { BacktestUploaded } from './backtestEvents.js';
import { backtestsDecider } from './backtestsDecider.js';

const spec = deciderSpec(backtestsDecider);
const data: BacktestUploaded['data'] = {
  backtestId: '01a2290b-1a2b-7014-8a5b-3c9d2e1f2b01',
  strategyId: 'main',
  at: '2026-12-04T20:00:00.000Z',
  timeZone: 'UTC',
  trades: [{ number: 1, side: 'long', entryAt: '2026-12-01T14:30:00.000Z', entryPx: '3000', exitAt: null, exitPx: null, size: '1', pnl: null }],
  skipped: 0,
};

describe('backtestsDecider (issue 43, point 2)', () => {
  it('given no uploads, when one is uploaded, then it is kept', () => {
    spec
      .given([])
      .when({ type: 'UploadBacktest', ...data })
      .then([{ type: 'BacktestUploaded', v: 1, data }]);
  });

  it('given the upload kept, when the same upload is retried, then nothing more is recorded', () => {
    spec
      .given([{ type: 'BacktestUploaded', v: 1, data }])
      .when({ type: 'UploadBacktest', ...data })
      .thenNothing();
  });
});
