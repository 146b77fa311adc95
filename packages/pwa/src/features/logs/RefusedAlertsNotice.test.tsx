import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../lib/queryKeys';
import { renderWithProviders, testQueryClient } from '../../test/renderWithProviders';
import { ok, server } from '../../test/server';
import { RefusedAlertsNotice } from './RefusedAlertsNotice';

const NOW = Date.parse('2026-11-29T12:00:00.000Z');

const refusals = (total: number) => ({ total, rateLimited: total, sourceNotAllowed: 0, since: total === 0 ? null : '2026-11-29T10:00:00.000Z', last: null });

/** The api answering `total` refusals, counting how often it is asked. */
function countingRefusals(total: number) {
  const api = { asked: 0 };
  server.use(
    http.get('/api/webhook-logs/refusals', () => {
      api.asked += 1;
      return ok(refusals(total));
    }),
  );
  return api;
}

/** A query client holding a count of `total` read `ageMs` ago, fresh for 30 s as in the app (queryClient.ts). */
function clientHoldingCount(total: number, ageMs: number) {
  const queryClient = testQueryClient();
  queryClient.setQueryDefaults(queryKeys.alertRefusals, { staleTime: 30_000 });
  const countReadAt = Date.now() - ageMs;
  queryClient.setQueryData(queryKeys.alertRefusals, refusals(total), { updatedAt: countReadAt });
  return { queryClient, countReadAt };
}

describe('alerts counted past the logging ceiling on the Webhook Logs tab (issue 32, point 2)', () => {
  it('issue 32, point 2: given refusals counted by the server, then the tab says how many, why, since when and the latest count, and that no order was placed', async () => {
    server.use(
      http.get('/api/webhook-logs/refusals', () =>
        ok({
          total: 312,
          rateLimited: 300,
          sourceNotAllowed: 12,
          since: '2026-11-29T10:00:00.000Z',
          last: { reason: 'rateLimited', count: 5, strategyId: null, from: '2026-11-29T11:00:00.000Z', to: '2026-11-29T11:01:00.000Z' },
        }),
      ),
    );
    renderWithProviders(<RefusedAlertsNotice logsUpdatedAt={1} nowMs={NOW} />);
    const notice = await screen.findByTestId('refused-alerts');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveTextContent(/^312 alerts refused since .+ were counted, not logged one by one/);
    expect(notice).toHaveTextContent('300 alerts over a URL’s rate limit; 12 alerts from addresses outside its IP allowlist');
    expect(notice).toHaveTextContent('No order was placed for them.');
    expect(notice).toHaveTextContent(/Latest: 5 alerts from .+ to .+\.$/);
  });

  it('given none counted, then nothing is shown', async () => {
    let asked = 0;
    server.use(
      http.get('/api/webhook-logs/refusals', () => {
        asked += 1;
        return ok({ total: 0, rateLimited: 0, sourceNotAllowed: 0, since: null, last: null });
      }),
    );
    const { container } = renderWithProviders(<RefusedAlertsNotice logsUpdatedAt={1} nowMs={NOW} />);
    await expect.poll(() => asked).toBe(1);
    expect(container.querySelector('[data-testid="refused-alerts"]')).toBeNull();
  });

  it('given a count read before the logs last changed (saved by an earlier visit, or the live socket ahead of the tab), when the notice mounts, then it reads the count again at once', async () => {
    const api = countingRefusals(4);
    const { queryClient, countReadAt } = clientHoldingCount(0, 5_000);
    renderWithProviders(<RefusedAlertsNotice logsUpdatedAt={countReadAt + 1_000} nowMs={NOW} />, { queryClient });
    expect(await screen.findByTestId('refused-alerts')).toHaveTextContent(/^4 alerts refused since/);
    expect(api.asked).toBe(1);
  });

  it('given a count read after the logs last changed, when the notice mounts, then it keeps that count (fresh) and asks nothing', async () => {
    const api = countingRefusals(4);
    const { queryClient, countReadAt } = clientHoldingCount(2, 1_000);
    renderWithProviders(<RefusedAlertsNotice logsUpdatedAt={countReadAt - 1_000} nowMs={NOW} />, { queryClient });
    expect(await screen.findByTestId('refused-alerts')).toHaveTextContent(/^2 alerts refused since/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.asked).toBe(0);
  });
});
