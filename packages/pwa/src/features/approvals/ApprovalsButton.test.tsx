import { WEBHOOK_LOGS_COLLECTION, type ApprovalAnswered, type WebhookLogView } from '@hyperhook/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { logView } from '../../test/fixtures';
import { receiveLive } from '../../test/live';
import { renderWithProviders } from '../../test/renderWithProviders';
import { fail, ok, server } from '../../test/server';
import { ApprovalsButton } from './ApprovalsButton';

const iso = (ms: number) => new Date(ms).toISOString();

/** An entry of "ETH scalper" held for approval, BUY 0.0033 BTC at 60,010, waiting `leftMs` more. */
function held(id: string, leftMs = 300_000, overrides: Partial<WebhookLogView> = {}): WebhookLogView {
  const now = Date.now();
  return logView({
    webhookLogId: id,
    status: 'awaiting_approval',
    strategyId: 'st_eth',
    strategyName: 'ETH scalper',
    approval: { heldAt: iso(now - 5_000), expiresAt: iso(now + leftMs), coin: 'BTC', side: 'buy', size: '0.0033', price: '60010' },
    ...overrides,
  });
}

const answered = (logId: string, answer: 'approved' | 'rejected'): ApprovalAnswered => ({
  logId,
  answer,
  via: 'app',
  status: answer === 'approved' ? 'validating' : 'failed',
  coin: 'BTC',
  side: 'buy',
  size: '0.0033',
});

/** Answers GET /api/webhook-logs with `logs` and each POST /api/approvals/:logId/:choice with `answer`, recording the paths. */
function approvalsNetwork(logs: WebhookLogView[], answer: (logId: string, choice: string) => Response | Promise<Response>) {
  const posted: string[] = [];
  server.use(
    http.get('/api/webhook-logs', () => ok(logs)),
    http.post('/api/approvals/:logId/:choice', ({ params }) => {
      posted.push(`/api/approvals/${String(params.logId)}/${String(params.choice)}`);
      return answer(String(params.logId), String(params.choice));
    }),
  );
  return posted;
}

const headerButton = () => screen.queryByRole('button', { name: /^Awaiting approval \(\d+\)$/ });

async function openSheet(logs: WebhookLogView[], answer: Parameters<typeof approvalsNetwork>[1] = (id) => ok(answered(id, 'approved'))) {
  const posted = approvalsNetwork(logs, answer);
  const rendered = renderWithProviders(<ApprovalsButton />);
  await rendered.user.click(await screen.findByRole('button', { name: `Awaiting approval (${logs.length})` }));
  return { ...rendered, posted, sheet: screen.getByRole('dialog', { name: 'Awaiting approval' }) };
}

describe('the header’s Awaiting approval button (issue 42, point 1)', () => {
  it('issue 42: given nothing waits, when the live socket brings an entry held for approval, then "Awaiting approval (1)" shows and is announced; a second makes it 2; once one goes on, 1; none, no button', async () => {
    approvalsNetwork([logView({ webhookLogId: 'done', status: 'executed' })], () => ok(null));
    const { queryClient } = renderWithProviders(<ApprovalsButton />);
    await waitFor(() => expect(queryClient.getQueryData(['webhookLogs'])).toHaveLength(1));
    expect(headerButton()).toBeNull();
    const versions = new Map<string, number>();
    const push = (doc: WebhookLogView, version: number) =>
      act(() => receiveLive(queryClient, { type: 'change', collection: WEBHOOK_LOGS_COLLECTION, id: doc.webhookLogId, version, doc }, versions));

    push(held('h1'), 1);
    expect(await screen.findByRole('button', { name: 'Awaiting approval (1)' })).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.getByText('1 alert awaits your approval')).toHaveAttribute('aria-live', 'polite');
    push(held('h2'), 1);
    expect(await screen.findByRole('button', { name: 'Awaiting approval (2)' })).toBeInTheDocument();
    push({ ...held('h1'), status: 'validating' }, 2);
    expect(await screen.findByRole('button', { name: 'Awaiting approval (1)' })).toBeInTheDocument();
    push({ ...held('h2'), status: 'failed', error: 'Not approved within 5 min: the entry was not sent.' }, 2);
    await waitFor(() => expect(headerButton()).toBeNull());
  });

  it('issue 42: given two entries waiting, when the button is tapped, then a labelled modal lists each with its strategy, side, size, coin, price at the hold and the time left, counting down; focus is inside', async () => {
    // Held a minute ago, so listed after the newer one, as GET /api/approvals lists them.
    const now = Date.now();
    const paper = held('h-paper', 95_000, {
      strategyName: 'Paper swing',
      venue: 'paper',
      approval: { heldAt: iso(now - 60_000), expiresAt: iso(now + 95_000), side: 'sell', coin: 'ETH', size: '1.25', price: '3125.5' },
    });
    const { sheet } = await openSheet([held('h-live'), paper]);
    expect(sheet).toHaveAttribute('aria-modal', 'true');
    expect(sheet).toHaveAccessibleDescription(/Approved, an entry is planned again at the price of that moment/);
    expect(sheet.contains(document.activeElement)).toBe(true);
    const items = within(sheet).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-labelledby') && document.getElementById(item.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'ETH scalper',
      'Paper swingPaper',
    ]);
    const [live, onPaper] = items as [HTMLElement, HTMLElement];
    expect(live).toHaveTextContent(/BUY\s*0\.0033 BTC\s*at\s*\$60,010/);
    expect(within(live).getByText('BUY')).toHaveClass('badge--green');
    expect(onPaper).toHaveTextContent(/SELL\s*1\.25 ETH\s*at\s*\$3,125\.5/);
    expect(within(onPaper).getByText('SELL')).toHaveClass('badge--red');
    const left = within(onPaper).getByText(/ left$/);
    expect(left.textContent).toMatch(/^1 min 3[0-5] s left$/);
    const first = left.textContent;
    await waitFor(() => expect(left.textContent).not.toBe(first), { timeout: 3_000 });
    expect(within(live).getByRole('button', { name: 'Approve BUY 0.0033 BTC at $60,010 for ETH scalper' })).toBeEnabled();
    expect(within(live).getByRole('button', { name: 'Reject BUY 0.0033 BTC at $60,010 for ETH scalper' })).toBeEnabled();
  });

  it('issue 42: when Approve is tapped, then it posts to the approve route, both buttons wait while it is on its way, a toast says it is approved and the entry leaves the list', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { user, sheet, posted } = await openSheet([held('h1')], async (id) => {
      await gate;
      return ok(answered(id, 'approved'));
    });
    await user.click(within(sheet).getByRole('button', { name: /^Approve/ }));
    await waitFor(() => expect(within(sheet).getByRole('button', { name: /^Approving\.\.\./ })).toBeDisabled());
    expect(within(sheet).getByRole('button', { name: /^Reject/ })).toBeDisabled();
    expect(posted).toEqual(['/api/approvals/h1/approve']);
    release();
    expect(await screen.findByText('Entry approved')).toBeInTheDocument();
    expect(screen.getByText('BUY 0.0033 BTC at $60,010 for “ETH scalper” goes on to the order, at the price of now.')).toBeInTheDocument();
    expect(await within(sheet).findByText('Nothing waits for your approval now.')).toBeInTheDocument();
  });

  it('issue 42: given the alert answered already from a notification, when Reject is tapped, then the 409’s words show as an error toast and the buttons can be used again', async () => {
    const { user, sheet, posted } = await openSheet([held('h1')], () => fail(409, 'This alert was already approved'));
    await user.click(within(sheet).getByRole('button', { name: /^Reject/ }));
    const toast = (await screen.findByText('Unable to reject')).closest('[data-testid="toast"]') as HTMLElement;
    expect(toast).toHaveClass('toast--error');
    expect(toast).toHaveTextContent('This alert was already approved');
    expect(posted).toEqual(['/api/approvals/h1/reject']);
    await waitFor(() => expect(within(sheet).getByRole('button', { name: /^Reject/ })).toBeEnabled());
    expect(within(sheet).getByRole('button', { name: /^Approve/ })).toBeEnabled();
  });

  it('issue 42: when Reject succeeds, then a toast says the entry is not sent', async () => {
    const { user, sheet } = await openSheet([held('h1')], (id) => ok(answered(id, 'rejected')));
    await user.click(within(sheet).getByRole('button', { name: /^Reject/ }));
    expect(await screen.findByText('Entry rejected')).toBeInTheDocument();
    expect(screen.getByText('BUY 0.0033 BTC at $60,010 for “ETH scalper” is not sent.')).toBeInTheDocument();
  });

  it('issue 42: given the sheet open, when Escape is pressed, then it closes and focus returns to the header’s button; Close does too', async () => {
    const { user } = await openSheet([held('h1')]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Awaiting approval (1)' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Awaiting approval (1)' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Awaiting approval (1)' })).toHaveFocus();
  });
});
