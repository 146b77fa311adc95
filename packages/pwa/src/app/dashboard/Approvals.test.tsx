import type { ApprovalAnswered } from '@hyperhook/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { logView } from '../../test/fixtures';
import { renderDashboardPage } from '../../test/renderDashboardPage';
import { ok, server } from '../../test/server';

const header = () => document.querySelector<HTMLElement>('header.dash-header') as HTMLElement;
const iso = (ms: number) => new Date(ms).toISOString();

describe('the dashboard header while an entry waits for approval (issue 42, point 1)', () => {
  it('issue 42: given an entry held for approval, then the header’s state row (no row of its own) offers "Awaiting approval (1)"; approved from its sheet, the button leaves', async () => {
    const now = Date.now();
    const held = logView({
      webhookLogId: 'h1',
      status: 'awaiting_approval',
      approval: { heldAt: iso(now), expiresAt: iso(now + 300_000), coin: 'BTC', side: 'buy', size: '0.0033', price: '60010' },
    });
    const answer: ApprovalAnswered = { logId: 'h1', answer: 'approved', via: 'app', status: 'validating', coin: 'BTC', side: 'buy', size: '0.0033' };
    server.use(
      http.get('/api/auth/webhook-url', () => ok({ webhookUrl: 'http://localhost:3000/hook/abc' })),
      http.get('/api/webhook-logs', () => ok([held])),
      http.post('/api/approvals/h1/approve', () => ok(answer)),
    );
    const { user } = renderDashboardPage();
    const button = await within(header()).findByRole('button', { name: 'Awaiting approval (1)' });
    expect(button.closest('.dash-header__status')).not.toBeNull();
    await user.click(button);
    await user.click(within(screen.getByRole('dialog', { name: 'Awaiting approval' })).getByRole('button', { name: /^Approve/ }));
    expect(await screen.findByText('Entry approved')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(within(header()).queryByRole('button', { name: /^Awaiting approval/ })).toBeNull());
  });
});
