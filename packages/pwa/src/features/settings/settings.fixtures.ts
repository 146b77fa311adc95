import type { BalanceView, MarketView, PositionView, Settings } from '@hyperhook/domain';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { defaultSettings } from '../../test/fixtures';
import { fail, ok, server } from '../../test/server';
import { balanceView } from '../../entities/balance/balance.fixtures';

export const btcMarket: MarketView = { coin: 'BTC', network: 'testnet', mid: 97_000, szDecimals: 5, maxLeverage: 40 };

/** What the settings tab's network answers, per test; `balance` may be a failure response. */
export interface SettingsNetwork {
  settings?: Settings | (() => Response | Promise<Response>);
  balance?: BalanceView | (() => Response);
  positions?: PositionView[];
  market?: MarketView | null;
  put?: (body: unknown) => Response | Promise<Response>;
  reset?: () => Response | Promise<Response>;
}

/** Installs the handlers of the settings tab and counts what it sends (tests only). */
export function settingsNetwork(options: SettingsNetwork = {}) {
  const sent = { settingsReads: 0, balanceReads: 0, balanceRefreshes: 0, puts: [] as unknown[], resets: 0, marketReads: 0 };
  const settings = options.settings ?? defaultSettings;
  const balance = options.balance ?? balanceView();
  server.use(
    http.get('/api/settings', () => {
      sent.settingsReads += 1;
      return typeof settings === 'function' ? settings() : ok(settings);
    }),
    http.put('/api/settings', async ({ request }) => {
      const body = await request.json();
      sent.puts.push(body);
      return options.put === undefined ? ok(body) : options.put(body);
    }),
    http.post('/api/settings/reset', () => {
      sent.resets += 1;
      return options.reset === undefined ? ok(defaultSettings) : options.reset();
    }),
    http.get('/api/balance', ({ request }) => {
      if (new URL(request.url).searchParams.get('refresh') === 'true') sent.balanceRefreshes += 1;
      else sent.balanceReads += 1;
      return typeof balance === 'function' ? balance() : ok(balance);
    }),
    http.get('/api/positions', () => ok(options.positions ?? [])),
    http.get('/api/market/BTC', () => {
      sent.marketReads += 1;
      return options.market === null ? fail(502, 'Hyperliquid could not be read') : ok(options.market ?? btcMarket);
    }),
  );
  return sent;
}

/** The value (and detail line) of one figure of a preview panel. */
export function figure(panel: string, label: string): { value: string; detail: string | null } {
  const region = screen.getByRole('region', { name: panel });
  const item = within(region).getByText(label, { selector: 'dt' }).parentElement as HTMLElement;
  return { value: item.querySelector('dd.num')?.textContent ?? '', detail: item.querySelector('.preview__detail')?.textContent ?? null };
}
