import type { ExchangeBudgetView } from '@hyperhook/domain';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ok, server } from '../../test/server';
import { ExchangeBudgetNote } from './ExchangeBudgetNote';

const WAITS_LINE = "Hyperliquid's request limit for this server is busy, so balances and positions may be a few seconds old. Orders go first.";

/** The server's budget answer: 12% of the minute used, with `waitsLastMinute` requests that waited for room. */
function budgetWith(waitsLastMinute: number): void {
  const view: ExchangeBudgetView = {
    network: 'mainnet',
    usedWeight: 144,
    budgetPerMinute: 1200,
    percentOfMinute: 12,
    waitsLastMinute,
    rateLimited: 0,
    marketSocketLive: true,
    actionBudget: null,
  };
  server.use(http.get('/api/exchange-budget', () => ok(view)));
}

describe('POSITIONS tab: why numbers may be a few seconds old (issue 28, point 4)', () => {
  it('issue 28, point 4: given 3 requests waited for room in the budget in the last minute, when the note is shown, then a calm status line says balances and positions may be a few seconds old', async () => {
    // given
    budgetWith(3);
    // when
    renderWithProviders(<ExchangeBudgetNote />);
    // then: a polite status (not an alert), muted like the budget line above it
    const line = await screen.findByRole('status');
    expect(line).toHaveTextContent(WAITS_LINE);
    expect(line).toHaveClass('muted');
    expect(screen.getByText(/^Exchange budget:/)).toHaveTextContent('Exchange budget: 12% of the minute');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('issue 28, point 4: given no request waited in the last minute, when the note is shown, then only the budget line, and no word of old numbers', async () => {
    // given
    budgetWith(0);
    // when
    renderWithProviders(<ExchangeBudgetNote />);
    // then
    expect(await screen.findByText(/^Exchange budget:/)).toHaveTextContent('Exchange budget: 12% of the minute');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText(/a few seconds old/)).toBeNull();
  });
});
