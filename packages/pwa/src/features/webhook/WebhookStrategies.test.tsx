import { ALERT_TEMPLATES } from '@hyperhook/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { useSelectedStrategyStore } from '../../entities/strategies/selectedStrategyStore';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ok, server } from '../../test/server';
import { strategiesNetwork } from '../../test/strategies';
import WebhookTab from './WebhookTab';

const ACCOUNT_URL = 'http://localhost:3000/hook/main-secret';
const urlField = () => screen.getByLabelText('Webhook URL') as HTMLInputElement;

/** The tab with two strategies, `selected` on screen; the account's URL route counts its reads. */
function openTab(selected: string) {
  const counts = { accountReads: 0, accountRegenerations: 0, previews: [] as unknown[] };
  server.use(
    http.get('/api/auth/webhook-url', () => {
      counts.accountReads += 1;
      return ok({ webhookUrl: ACCOUNT_URL });
    }),
    http.post('/api/auth/regenerate-webhook-secret', () => {
      counts.accountRegenerations += 1;
      return ok({ webhookUrl: 'http://localhost:3000/hook/main-renewed' });
    }),
    http.post('/api/orders/preview', async ({ request }) => {
      counts.previews.push(await request.json());
      return ok({ ok: false, stage: 'keys', error: 'No API keys configured' });
    }),
  );
  const network = strategiesNetwork();
  useSelectedStrategyStore.setState({ selectedId: selected });
  return { ...renderWithProviders(<WebhookTab />), counts, network };
}

describe('WEBHOOK tab: the strategy on screen (issue 29, point 6)', () => {
  it("issue 29, point 6: given the first strategy on screen, then its URL is the account's, read from GET /api/auth/webhook-url as before", async () => {
    const { counts } = openTab('main');
    await waitFor(() => expect(urlField()).toHaveValue(ACCOUNT_URL));
    expect(counts.accountReads).toBe(1);
    expect(screen.getByRole('region', { name: 'Your webhook URL' })).toHaveTextContent('The URL of “Main”');
  });

  it("issue 29, point 6: given another strategy on screen, then its own URL; Regenerate Secret asks the same question and renews that strategy's URL only", async () => {
    const { user, counts, network } = openTab('st_eth');
    await waitFor(() => expect(urlField()).toHaveValue('http://localhost:3000/hook/st_eth-secret'));
    expect(counts.accountReads).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Regenerate Secret' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Regenerate Secret' }));
    await waitFor(() => expect(urlField()).toHaveValue('http://localhost:3000/hook/st_eth-renewed'));
    expect(network.sent).toEqual([{ method: 'POST', path: '/api/strategies/st_eth/regenerate-webhook-secret', body: undefined }]);
    expect(counts.accountRegenerations).toBe(0);
    expect(await screen.findByText('Webhook URL regenerated')).toBeInTheDocument();
  });

  it("issue 29, point 6: given another strategy on screen, when an order is previewed, then its strategyId goes with the alert; the first strategy's preview sends none", async () => {
    const { user, counts } = openTab('st_eth');
    await waitFor(() => expect(urlField()).toHaveValue('http://localhost:3000/hook/st_eth-secret'));
    expect(screen.getByRole('region', { name: 'Order preview' })).toHaveTextContent('Uses the settings of “ETH scalper”.');
    await user.click(screen.getByRole('button', { name: 'Preview order' }));
    await waitFor(() => expect(counts.previews).toHaveLength(1));
    expect(counts.previews[0]).toMatchObject({ strategyId: 'st_eth' });
  });
});

describe('WEBHOOK tab: a template for every alert format (issue 29, point 6)', () => {
  it('issue 29, point 6: given the tab, then "Other alert formats", folded after the spec\'s groups, holds every ALERT_TEMPLATES entry with Copy Template', async () => {
    const { user } = openTab('main');
    const formats = screen.getByRole('region', { name: 'Other alert formats' });
    expect(formats.querySelector('details')).not.toHaveAttribute('open');
    await user.click(within(formats).getByText('Other alert formats'));
    const titles = within(formats)
      .getAllByRole('heading', { level: 5 })
      .map((h) => h.textContent);
    expect(titles).toEqual(ALERT_TEMPLATES.map((t) => t.name));
    expect(within(formats).getAllByRole('button', { name: 'Copy Template' })).toHaveLength(ALERT_TEMPLATES.length);
  });

  it("issue 29, point 6: given a format's template, when Copy Template is clicked, then its text is on the clipboard (JSON pretty-printed, text as it is)", async () => {
    const { user } = openTab('main');
    await user.click(within(screen.getByRole('region', { name: 'Other alert formats' })).getByText('Other alert formats'));
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const copy = (name: string) =>
      within(screen.getByRole('heading', { name }).closest('article') as HTMLElement).getByRole('button', { name: 'Copy Template' });
    await act(async () => copy('TradersPost').click());
    const tradersPost = ALERT_TEMPLATES.find((t) => t.id === 'tradersPost');
    expect(writeText).toHaveBeenLastCalledWith(JSON.stringify(JSON.parse(tradersPost?.body ?? ''), null, 2));
    await act(async () => copy('PineConnector-style text').click());
    expect(writeText).toHaveBeenLastCalledWith('buy,ETH,sl_price=2900,tp_price=3300');
  });
});
