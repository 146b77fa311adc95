import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/queryKeys';
import { renderWithProviders } from '../../test/renderWithProviders';
import { fail, ok, server } from '../../test/server';
import { REGENERATE_QUESTION } from './useRegenerateWebhook';
import WebhookTab from './WebhookTab';

const OLD_URL = 'https://hooks.example.com/hook/old-secret-123';
const NEW_URL = 'https://hooks.example.com/hook/new-secret-456';

let writeText: ReturnType<typeof vi.fn>;
/** user-event installs its own clipboard on setup: this one replaces it after rendering. */
function mockClipboard() {
  writeText = vi.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Answers the URL read and counts regenerations; `regenerate` decides the answer. */
function network(regenerate: () => Response = () => ok({ webhookUrl: NEW_URL })) {
  const sent = { regenerations: 0 };
  server.use(
    http.get('/api/auth/webhook-url', () => ok({ webhookUrl: OLD_URL })),
    http.post('/api/auth/regenerate-webhook-secret', () => {
      sent.regenerations += 1;
      return regenerate();
    }),
  );
  return sent;
}

const urlField = () => screen.getByLabelText('Webhook URL') as HTMLInputElement;

async function openTab() {
  const view = renderWithProviders(<WebhookTab />);
  await waitFor(() => expect(urlField()).toHaveValue(OLD_URL));
  mockClipboard();
  return view;
}

describe('WEBHOOK tab: the webhook URL (spec §2, §8)', () => {
  it('TAB-WEBHOOK-01, API-06, ENT-23: given the tab opens, then data.webhookUrl of GET /api/auth/webhook-url is in a read-only field, and the secret URL is kept out of the offline cache', async () => {
    network();
    const { queryClient } = await openTab();
    expect(screen.getByRole('heading', { level: 2, name: 'Webhook' })).toBeInTheDocument();
    expect(urlField()).toHaveAttribute('readonly');
    expect(urlField()).toHaveAccessibleDescription(expect.stringContaining('The URL contains your secret'));
    expect(queryClient.getQueryCache().find({ queryKey: queryKeys.webhookUrl })?.meta).toEqual({ persist: false });
  });

  it('ERR-24: given the URL fails to load, then it is only logged to the console; the user sees no error, Regenerate Secret stays possible, and Retry loads it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let down = true;
    server.use(http.get('/api/auth/webhook-url', () => (down ? fail(500, 'Secret store unavailable') : ok({ webhookUrl: OLD_URL }))));
    const { user } = renderWithProviders(<WebhookTab />);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(logged).toHaveBeenCalledWith('Failed to load webhook URL', expect.objectContaining({ message: 'Secret store unavailable' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Secret store unavailable/)).toBeNull();
    expect(urlField()).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Copy' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Regenerate Secret' })).toBeEnabled();
    down = false;
    await user.click(retry);
    await waitFor(() => expect(urlField()).toHaveValue(OLD_URL));
  });

  it('TAB-WEBHOOK-02, TAB-WEBHOOK-03: given the URL, when Copy is clicked, then it is on the clipboard and the button says "Copied!" for 2 seconds, then "Copy" again', async () => {
    network();
    await openTab();
    vi.useFakeTimers();
    const copy = screen.getByRole('button', { name: 'Copy' });
    await act(async () => copy.click());
    expect(writeText).toHaveBeenCalledWith(OLD_URL);
    expect(copy).toHaveTextContent('Copied!');
    act(() => vi.advanceTimersByTime(1_999));
    expect(copy).toHaveTextContent('Copied!');
    act(() => vi.advanceTimersByTime(1));
    expect(copy).toHaveTextContent('Copy');
  });

  it('TAB-WEBHOOK-04, TAB-WEBHOOK-05, ERR-07, ERR-08, API-07, STATE-11: given the user confirms Regenerate Secret, then the api makes a new secret, the new URL replaces the old one and the success toast shows', async () => {
    const sent = network();
    const { user } = await openTab();
    await user.click(screen.getByRole('button', { name: 'Regenerate Secret' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure? This will invalidate your current webhook URL.');
    expect(REGENERATE_QUESTION).toBe('Are you sure? This will invalidate your current webhook URL.');
    expect(sent.regenerations).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate Secret' }));
    await waitFor(() => expect(urlField()).toHaveValue(NEW_URL));
    expect(sent.regenerations).toBe(1);
    const toast = await screen.findByText('Webhook URL regenerated');
    expect(toast.parentElement).toHaveTextContent('Webhook URL regeneratedShare the new URL with your signal sources.');
  });

  it('TAB-WEBHOOK-06: given the user declines the confirmation, then no call is made and the URL is unchanged', async () => {
    const sent = network();
    const { user } = await openTab();
    await user.click(screen.getByRole('button', { name: 'Regenerate Secret' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(urlField()).toHaveValue(OLD_URL);
    expect(screen.queryByTestId('toast')).toBeNull();
    // A confirmed regeneration afterwards bounds the wait: a call of the declined one would have
    // been sent before it, so it would be the second call and the second toast.
    await user.click(screen.getByRole('button', { name: 'Regenerate Secret' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Regenerate Secret' }));
    await waitFor(() => expect(urlField()).toHaveValue(NEW_URL));
    expect(await screen.findAllByTestId('toast')).toHaveLength(1);
    expect(sent.regenerations).toBe(1);
  });

  it('ERR-09: given the regeneration fails, then the toast "Unable to regenerate webhook" / "Please try again in a moment." and the URL is unchanged', async () => {
    network(() => fail(500, 'Event store unavailable'));
    const { user } = await openTab();
    await user.click(screen.getByRole('button', { name: 'Regenerate Secret' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Regenerate Secret' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Unable to regenerate webhookPlease try again in a moment.');
    expect(urlField()).toHaveValue(OLD_URL);
  });

  it('given the device is offline, then Regenerate Secret is disabled (it needs the network); Copy still works', async () => {
    network();
    await openTab();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('button', { name: 'Regenerate Secret' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeEnabled();
    onLine.mockRestore();
    act(() => void window.dispatchEvent(new Event('online')));
  });
});

describe('WEBHOOK tab: templates and tips (spec §2, §9)', () => {
  it('TAB-WEBHOOK-07: given the tab, then "Webhook Templates" shows collapsible groups; the first is open, the others open on demand', async () => {
    network();
    const { user } = await openTab();
    const card = screen.getByRole('region', { name: 'Webhook Templates' });
    const groups = card.querySelectorAll('details.template-group');
    expect([...groups].map((g) => g.querySelector('summary')?.textContent)).toEqual([
      'Market orders',
      'Limit orders',
      'Risk management',
      'Close a position',
      'TradingView strategy placeholders',
    ]);
    expect([...groups].map((g) => g.hasAttribute('open'))).toEqual([true, false, false, false, false]);
    await user.click(within(card).getByText('Limit orders'));
    expect(groups[1]).toHaveAttribute('open');
    expect(
      within(groups[1] as HTMLElement).getByText('Rest an order on the book until the price is reached. A limit order requires price.'),
    ).toBeInTheDocument();
  });

  it('TAB-WEBHOOK-08, TAB-WEBHOOK-09: given a template, when "Copy Template" is clicked, then its JSON is on the clipboard and the button says "Copied!" for 2 seconds, then "Copy Template" again', async () => {
    network();
    await openTab();
    vi.useFakeTimers();
    const template = screen.getByRole('heading', { name: 'Buy (long) $100 at 2x' }).closest('article') as HTMLElement;
    const copy = within(template).getByRole('button', { name: 'Copy Template' });
    expect(copy).toHaveAccessibleDescription('Buy (long) $100 at 2x');
    await act(async () => copy.click());
    expect(writeText).toHaveBeenCalledWith('{\n  "symbol": "BTCUSDT",\n  "action": "buy",\n  "orderType": "market",\n  "size": 100,\n  "leverage": 2\n}');
    expect(copy).toHaveTextContent('Copied!');
    act(() => vi.advanceTimersByTime(1_999));
    expect(copy).toHaveTextContent('Copied!');
    act(() => vi.advanceTimersByTime(1));
    expect(copy).toHaveTextContent('Copy Template');
  });

  it('CONST-07..CONST-11: given the field reference under the templates, folded, then every field with its default', async () => {
    network();
    await openTab();
    const fields = screen.getByRole('region', { name: 'Alert fields' });
    // Folded until asked for, like the template groups.
    expect(fields.querySelector('details')).not.toHaveAttribute('open');
    expect(
      within(fields)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['symbol', 'action', 'orderType', 'size', 'price', 'stopLoss', 'takeProfit', 'leverage', 'id']);
    expect(fields).toHaveTextContent('market or limit. Default: market.');
    expect(fields).toHaveTextContent('The position size in USD');
    expect(fields).toHaveTextContent('Default: the account balance');
    expect(fields).toHaveTextContent('A limit order requires price');
    expect(fields).toHaveTextContent('The action is buy, sell or close');
    expect(fields).toHaveTextContent('Default: 1');
  });

  it('TAB-WEBHOOK-12, TAB-WEBHOOK-13: given the tab, then a "Usage Tips" card on pasting the URL, the JSON message, text/plain, keeping the secret, ids, stale alerts and the preview', async () => {
    network();
    await openTab();
    const tips = within(screen.getByRole('region', { name: 'Usage Tips' })).getAllByRole('listitem');
    expect(tips).toHaveLength(7);
    const text = tips.map((t) => t.textContent).join('\n');
    for (const words of ['Webhook URL', 'Message box', 'text/plain', 'regenerate it', 'unique id', 'not traded', 'nothing is sent'])
      expect(text).toContain(words);
  });
});
