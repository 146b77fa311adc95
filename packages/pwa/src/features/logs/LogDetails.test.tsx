import { toWebhookLogView, WEBHOOK_LOGS_COLLECTION, type WebhookLogData } from '@hyperhook/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format/time';
import { renderWithProviders } from '../../test/renderWithProviders';
import LogsTab from './LogsTab';
import { aLog, anExecutedLog, serveLogs } from './logs.fixtures';

const details = (id: string) => screen.getByRole('button', { name: `Details of log ${id}` });
const detailsCell = (id: string) => document.getElementById(`log-details-${id}`) as HTMLElement;

async function open(id: string, logs: Parameters<typeof serveLogs>[0]) {
  serveLogs(logs);
  const rendered = renderWithProviders(<LogsTab />);
  await screen.findByRole('table');
  await rendered.user.click(details(id));
  return rendered;
}

describe('WEBHOOK LOGS tab: details (spec §2)', () => {
  it('TAB-LOGS-37, TAB-LOGS-38: Details toggles an expanded, full-width row with the payload as JSON', async () => {
    const payload = { symbol: 'BTCUSDT', coin: 'BTC', action: 'buy', orderType: 'market', size: 100 };
    const { user } = await open('sig-1', [aLog('sig-1', { payload })]);
    expect(details('sig-1')).toHaveAttribute('aria-expanded', 'true');
    const cell = detailsCell('sig-1');
    expect(cell).toHaveClass('table__full');
    expect(cell).toHaveAttribute('colspan', '7');
    expect(cell.querySelector('pre')?.textContent).toBe(JSON.stringify(payload, null, 2));
    await user.click(details('sig-1'));
    expect(details('sig-1')).toHaveAttribute('aria-expanded', 'false');
    expect(detailsCell('sig-1')).toBeNull();
  });

  it('issue 29, point 2: given a target alert whose target was held, then a "Nothing sent" note says what is held', async () => {
    await open('sig-held', [aLog('sig-held', { status: 'executed', note: 'Already long 0.52 ETH: nothing to send.' })]);
    const box = within(detailsCell('sig-held')).getByRole('note', { name: 'Nothing sent' });
    expect(box).toHaveTextContent('Already long 0.52 ETH: nothing to send.');
    expect(box).not.toHaveClass('notice--error');
  });

  it('TAB-LOGS-39, ENT-08: given an error, then a red Error box with its text, and no Execution box', async () => {
    await open('sig-bad', [aLog('sig-bad', { status: 'failed', error: 'Stop-loss required: this alert has no stopLoss.' })]);
    const box = within(detailsCell('sig-bad')).getByRole('note', { name: 'Error' });
    expect(box).toHaveClass('notice', 'notice--error');
    expect(box).toHaveTextContent('Stop-loss required: this alert has no stopLoss.');
    expect(within(detailsCell('sig-bad')).queryByText('Execution')).toBeNull();
  });

  it('TAB-LOGS-40, ENT-09: given an executed log, then "Executed <time>" and the fill; given none yet, then "Execution pending"', async () => {
    const done = anExecutedLog('sig-ok', { agoMs: 1_000 });
    const { user } = await open('sig-ok', [done, aLog('sig-wait', { status: 'executing', agoMs: 2_000 })]);
    const box = within(detailsCell('sig-ok'));
    expect(box.getByText(/^Executed/)).toHaveTextContent(`Executed ${formatDateTime(done.executedAt)}`);
    expect(box.getByText(/^Filled/)).toHaveTextContent('Filled 0.0015 at $65,432');
    expect(box.queryByText('Execution pending')).toBeNull();
    await user.click(details('sig-wait'));
    expect(within(detailsCell('sig-wait')).getByText('Execution pending')).toBeInTheDocument();
    expect(within(detailsCell('sig-wait')).queryByText(/^Executed/)).toBeNull();
  });

  it('given re-deliveries of the alert, then how many (logged, never traded twice)', async () => {
    await open('sig-dup', [anExecutedLog('sig-dup', { duplicates: 2 })]);
    expect(within(detailsCell('sig-dup')).getByText(/^Re-delivered/)).toHaveTextContent('Re-delivered 2 times: logged, never traded twice.');
  });
});

describe('WEBHOOK LOGS tab: from the stored log to the screen (spec §3)', () => {
  const stored = (data: Partial<WebhookLogData>) => {
    const receivedAt = new Date(Date.now() - 60_000).toISOString();
    const full: WebhookLogData = {
      logId: 'sig-stored',
      userId: 'user-1',
      payload: { symbol: 'BTCUSDT', coin: 'BTC', action: 'buy', orderType: 'market' },
      status: 'failed',
      receivedAt,
      processedAt: null,
      error: null,
      errorCode: null,
      execution: null,
      stages: { received: receivedAt, validated: null, sized: null, signed: null, sent: null, acknowledged: null, filled: null },
      latencyMs: null,
      duplicates: 0,
      lastDuplicateAt: null,
      ...data,
    };
    return toWebhookLogView({ collection: WEBHOOK_LOGS_COLLECTION, id: full.logId, userId: full.userId, version: 1, data: full });
  };

  it('ENT-06, ENT-07, ENT-08: given a stored log whose execution failed (execution.error), then the view the api derives shows its id and that error', async () => {
    await open('sig-stored', [stored({ execution: { error: 'Order rejected: insufficient margin' } })]);
    expect(screen.getByText('sig-stored')).toBeInTheDocument();
    expect(within(detailsCell('sig-stored')).getByRole('note', { name: 'Error' })).toHaveTextContent('Order rejected: insufficient margin');
  });

  it('ENT-06, ENT-09 decided: given a stored executed log, then executedAt is its processedAt: "Executed <processedAt>"', async () => {
    const receivedAt = new Date(Date.now() - 60_000).toISOString();
    const processedAt = new Date(Date.parse(receivedAt) + 850).toISOString();
    await open('sig-stored', [
      stored({ status: 'executed', receivedAt, processedAt, latencyMs: 850, execution: { status: 'filled', avgPx: 3000, totalSz: 0.5 } }),
    ]);
    expect(within(detailsCell('sig-stored')).getByText(/^Executed/)).toHaveTextContent(`Executed ${formatDateTime(processedAt)}`);
    expect(within(detailsCell('sig-stored')).getByText(/^Filled/)).toHaveTextContent('Filled 0.5 at $3,000');
  });
});

describe('WEBHOOK LOGS tab: latency waterfall (beyond the spec)', () => {
  it('given an executed log, then one bar per stage interval with its duration and what happened, the slowest named "slowest"', async () => {
    await open('sig-ok', [anExecutedLog('sig-ok', { latencyMs: 420 })]);
    const waterfall = within(detailsCell('sig-ok')).getByRole('group', { name: 'Latency waterfall' });
    const steps = within(waterfall).getAllByRole('listitem');
    // received 0, validated 20, sized 25, signed 30, sent 35, acknowledged and filled 420
    expect(steps.map((li) => li.textContent)).toEqual([
      'Validate & read market20 ms',
      'Size order5 ms',
      'Sign5 ms',
      'Send5 ms',
      'Exchangeslowest385 ms',
      'Fill1 ms',
    ]);
    expect(within(waterfall).getAllByText('slowest')).toHaveLength(1);
    expect(waterfall).toHaveTextContent('(total 420 ms)');
  });

  it('given the alert\'s TradingView time in the payload, then "Alert source → received" comes first, and a slow alert source is the slowest', async () => {
    const base = anExecutedLog('sig-tv', { latencyMs: 420 });
    const firedAt = new Date(Date.parse(base.createdAt) - 3_000).toISOString();
    await open('sig-tv', [{ ...base, payload: { symbol: 'BTCUSDT', action: 'buy', timenow: firedAt } }]);
    const steps = within(within(detailsCell('sig-tv')).getByRole('group', { name: 'Latency waterfall' })).getAllByRole('listitem');
    expect(steps[0]).toHaveTextContent('Alert source → receivedslowest3.00 s');
    expect(steps.filter((li) => li.textContent?.includes('slowest'))).toHaveLength(1);
  });

  it('given a log only received, then no bars but a plain note', async () => {
    await open('sig-new', [aLog('sig-new')]);
    expect(within(detailsCell('sig-new')).getByText('No stage timings yet.')).toBeInTheDocument();
    expect(within(detailsCell('sig-new')).queryByRole('group', { name: 'Latency waterfall' })).toBeNull();
  });
});

describe('WEBHOOK LOGS tab: what an alert caused later (issue 41 §2)', () => {
  it('issue 41 §2: given an executed entry whose trail moved the stop, a take-profit filled and the venue refused a stop, when its details open, then "Later" lists each in order with its time and the refusal stands out', async () => {
    const later = [
      { at: '2026-12-03T08:00:00.000Z', text: 'stop-loss 0.1 at 2,940 placed' },
      { at: '2026-12-03T08:05:00.000Z', text: 'stop moved to 3,038 (trail)' },
      { at: '2026-12-03T08:09:00.000Z', text: 'take-profit 0.05 at 3,120 filled' },
      { at: '2026-12-03T08:10:00.000Z', text: 'refused: stop-loss 0.05 at 3,100: Order would immediately trigger', refused: true },
    ];
    await open('sig-later', [anExecutedLog('sig-later', { later })]);
    const box = within(detailsCell('sig-later')).getByRole('group', { name: 'Later' });
    const items = within(box).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(later.map((entry) => expect.stringContaining(entry.text)));
    expect(items[3]).toHaveClass('logs-later__item--refused');
    expect(items[0]).not.toHaveClass('logs-later__item--refused');
  });

  it('issue 41 §2: given a log row with nothing later, when its details open, then no "Later" box', async () => {
    await open('sig-plain', [anExecutedLog('sig-plain')]);
    expect(within(detailsCell('sig-plain')).queryByRole('group', { name: 'Later' })).toBeNull();
  });
});

describe('WEBHOOK LOGS tab: an entry held for approval, in its details (issue 42, point 1)', () => {
  const at = (ms: number) => new Date(ms).toISOString();
  const NOW = Date.now();
  const approval = { heldAt: at(NOW - 60_000), expiresAt: at(NOW + 240_000), coin: 'BTC', side: 'buy' as const, size: '0.0033', price: '60010' };

  it('issue 42: given an entry waiting, when its details open, then an Approval box says when it was held, what and until when', async () => {
    await open('sig-held', [aLog('sig-held', { status: 'awaiting_approval', approval })]);
    const box = within(detailsCell('sig-held')).getByRole('group', { name: 'Approval' });
    expect(box).toHaveTextContent(`Held ${formatDateTime(approval.heldAt)}: BUY 0.0033 BTC at $60,010`);
    expect(box).toHaveTextContent(`Waits for your approval until ${formatDateTime(approval.expiresAt)}`);
  });

  it('issue 42: given an expired entry, when its details open, then the Error box says why and the Approval box what had waited, with no waiting line', async () => {
    const expired = 'Not approved within 5 min: the entry was not sent.';
    await open('sig-expired', [aLog('sig-expired', { status: 'failed', error: expired, approval })]);
    expect(within(detailsCell('sig-expired')).getByRole('note', { name: 'Error' })).toHaveTextContent(expired);
    const box = within(detailsCell('sig-expired')).getByRole('group', { name: 'Approval' });
    expect(box).toHaveTextContent('BUY 0.0033 BTC at $60,010');
    expect(box).not.toHaveTextContent('Waits');
  });

  it('issue 42: given a row never held, when its details open, then no Approval box', async () => {
    await open('sig-plain', [anExecutedLog('sig-plain')]);
    expect(within(detailsCell('sig-plain')).queryByRole('group', { name: 'Approval' })).toBeNull();
  });
});
