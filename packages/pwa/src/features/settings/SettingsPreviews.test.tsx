import { amountAfterLimits, effectiveExposure, requestedAmount, riskSnapshot, sizingPreview, slippageGuard, type Settings } from '@hyperhook/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatUsd } from '../../lib/format/money';
import { formatUsdPrice } from '../../lib/format/numbers';
import { positionView } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { fail, ok } from '../../test/server';
import { balanceView } from '../../entities/balance/balance.fixtures';
import { btcMarket, figure, settingsNetwork } from './settings.fixtures';
import SettingsTab from './SettingsTab';

const balance = balanceView({ availableBalance: 800, totalEquity: 1200 });
const base: Settings = {
  positionSizing: { mode: 'fixed', value: 100 },
  riskLimits: { maxPositionSize: 1000, maxOpenPositions: 3 },
  trading: { leverage: 3, slippageTolerance: 1, requireStopLoss: false },
};

async function openSettings(network: Parameters<typeof settingsNetwork>[0] = {}) {
  const sent = settingsNetwork({ settings: base, balance, ...network });
  const view = renderWithProviders(<SettingsTab />);
  await screen.findByRole('button', { name: 'Save Settings' });
  return { ...view, sent };
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** The domain's own figures for `settings`, as the screen formats them. */
function expected(settings: Settings) {
  const requested = requestedAmount(settings, balance);
  const after = amountAfterLimits(requested, settings, balance);
  return { requested: formatUsd(requested), after: formatUsd(after), exposure: formatUsd(effectiveExposure(after, settings.trading.leverage)) };
}

/** Waits until the Live Preview shows the balance. */
const balanceShown = () => waitFor(() => expect(figure('Live Preview', 'Available balance').value).toBe('$800.00'));

describe('SETTINGS tab: Live Preview (spec §2, §9)', () => {
  it('TAB-SET-06, TAB-SET-07, CONST-13, CONST-16: in fixed mode the previews follow every keystroke, as the domain computes them', async () => {
    const { user } = await openSettings();
    await balanceShown();
    expect(figure('Live Preview', 'Total equity').value).toBe('$1,200.00');
    expect(figure('Live Preview', 'Requested amount').value).toBe(expected(base).requested);
    await user.clear(input('Position Size (USD)'));
    await user.type(input('Position Size (USD)'), '25');
    const at25 = { ...base, positionSizing: { mode: 'fixed' as const, value: 25 } };
    expect(figure('Live Preview', 'Requested amount').value).toBe(expected(at25).requested);
    expect(figure('Live Preview', 'Amount after limits').value).toBe('$25.00');
    await user.type(input('Position Size (USD)'), '0');
    const at250 = { ...base, positionSizing: { mode: 'fixed' as const, value: 250 } };
    expect(figure('Live Preview', 'Amount after limits')).toEqual({ value: expected(at250).after, detail: 'Within your limits: no cap applied' });
    // above the available balance ($800): capped by it
    await user.type(input('Position Size (USD)'), '0');
    expect(figure('Live Preview', 'Requested amount').value).toBe('$2,500.00');
    expect(figure('Live Preview', 'Amount after limits')).toEqual({ value: '$800.00', detail: 'Capped by your available balance' });
  });

  it('TAB-SET-07, CONST-14, CONST-16: in percentage_balance mode the request is available balance × value %, capped by Max Position Size', async () => {
    const { user } = await openSettings();
    await balanceShown();
    await user.selectOptions(screen.getByLabelText('Sizing Mode'), 'percentage_balance');
    await user.clear(input('Percentage (%)'));
    await user.type(input('Percentage (%)'), '12.5');
    const settings: Settings = { ...base, positionSizing: { mode: 'percentage_balance', value: 12.5 } };
    expect(figure('Live Preview', 'Requested amount').value).toBe(expected(settings).requested);
    expect(figure('Live Preview', 'Requested amount').value).toBe('$100.00');
    await user.clear(input('Max Position Size (USD)'));
    await user.type(input('Max Position Size (USD)'), '50');
    expect(figure('Live Preview', 'Amount after limits')).toEqual({ value: '$50.00', detail: 'Capped by Max Position Size ($50.00)' });
  });

  it('TAB-SET-07, CONST-15: in percentage_equity mode the request is total equity × value %', async () => {
    const { user } = await openSettings();
    await balanceShown();
    await user.selectOptions(screen.getByLabelText('Sizing Mode'), 'percentage_equity');
    await user.clear(input('Percentage (%)'));
    await user.type(input('Percentage (%)'), '50');
    const settings: Settings = { ...base, positionSizing: { mode: 'percentage_equity', value: 50 } };
    expect(figure('Live Preview', 'Requested amount').value).toBe(expected(settings).requested);
    expect(figure('Live Preview', 'Requested amount').value).toBe('$600.00');
    expect(figure('Live Preview', 'Amount after limits').value).toBe(expected(settings).after);
  });

  it('VAL-14: given an empty or zero sizing value, then the previews count it as 0', async () => {
    const { user } = await openSettings();
    await balanceShown();
    await user.clear(input('Position Size (USD)'));
    expect(figure('Live Preview', 'Requested amount').value).toBe('$0.00');
    expect(figure('Execution Preview', 'Effective exposure').value).toBe('$0.00');
    await user.type(input('Position Size (USD)'), '0');
    expect(figure('Live Preview', 'Amount after limits').value).toBe('$0.00');
  });

  it('CONST-17: given Max Position Size 0, then no cap applies and the previews say so', async () => {
    const { user } = await openSettings();
    await balanceShown();
    await user.clear(input('Position Size (USD)'));
    await user.type(input('Position Size (USD)'), '700');
    await user.clear(input('Max Position Size (USD)'));
    await user.type(input('Max Position Size (USD)'), '0');
    expect(figure('Live Preview', 'Amount after limits')).toEqual({ value: '$700.00', detail: 'No size cap: Max Position Size is 0' });
    expect(figure('Risk Snapshot', 'Headroom')).toEqual({ value: '∞', detail: 'No cap: Max Position Size is 0' });
  });

  it('TAB-SET-08, TAB-SET-09: before keys are connected, the connect text; Refresh Balance re-reads the exchange (GET /api/balance?refresh=true) and shows the figures', async () => {
    let keys = false;
    const { user, sent } = await openSettings({ balance: () => (keys ? ok(balance) : fail(400, 'No API keys configured')) });
    expect(await screen.findByText('Connect Hyperliquid API keys and refresh to see live sizing estimates.')).toBeInTheDocument();
    // not an error: no "Unable to …" texts
    expect(screen.queryByText(/Unable to load|unavailable:/)).toBeNull();
    expect(figure('Risk Snapshot', 'Current request').value).toBe('—');
    expect(figure('Execution Preview', 'Effective exposure').value).toBe('—');
    keys = true;
    await user.click(screen.getByRole('button', { name: 'Refresh Balance' }));
    await balanceShown();
    expect(screen.queryByText('Connect Hyperliquid API keys and refresh to see live sizing estimates.')).toBeNull();
    expect(sent.balanceRefreshes).toBe(1);
    expect(sent.balanceReads).toBe(1);
  });

  it('TAB-SET-10, TAB-SET-14, TAB-SET-24, ERR-23: given the balance fails, then "Unable to load balance: <error>", "Unable to load risk preview: <error>" and "Execution preview unavailable: <error>"', async () => {
    await openSettings({ balance: () => fail(502, 'Hyperliquid could not be read: timeout') });
    expect(await screen.findByText('Unable to load balance: Hyperliquid could not be read: timeout')).toBeInTheDocument();
    expect(screen.getByText('Unable to load risk preview: Hyperliquid could not be read: timeout')).toBeInTheDocument();
    expect(screen.getByText('Execution preview unavailable: Hyperliquid could not be read: timeout')).toBeInTheDocument();
    // what needs no balance still shows
    expect(figure('Execution Preview', 'Stop-loss enforcement').value).toBe('Optional');
  });

  it('ERR-23: given a balance failure without a message, then "Failed to load balance" in the three texts', async () => {
    await openSettings({ balance: () => Response.error() });
    expect(await screen.findByText('Unable to load balance: Failed to load balance')).toBeInTheDocument();
    expect(screen.getByText('Unable to load risk preview: Failed to load balance')).toBeInTheDocument();
    expect(screen.getByText('Execution preview unavailable: Failed to load balance')).toBeInTheDocument();
  });
});

describe('SETTINGS tab: Risk Snapshot and Execution Preview (spec §2, §9)', () => {
  it('TAB-SET-13, TAB-SET-15: current request (after limits), headroom and position slots (Max Open − open positions), following edits', async () => {
    const positions = [positionView(), positionView({ positionId: 'ETH-short-1', symbol: 'ETH', side: 'short' })];
    const { user } = await openSettings({ positions });
    await balanceShown();
    await waitFor(() => expect(figure('Risk Snapshot', 'Position slots').value).toBe(String(riskSnapshot(base, balance, 2).slots)));
    expect(figure('Risk Snapshot', 'Position slots')).toEqual({ value: '1', detail: '2 open of 3 allowed' });
    expect(figure('Risk Snapshot', 'Current request').value).toBe('$100.00');
    expect(figure('Risk Snapshot', 'Headroom').value).toBe('$900.00');
    await user.clear(input('Max Open Positions'));
    await user.type(input('Max Open Positions'), '5');
    await user.clear(input('Position Size (USD)'));
    await user.type(input('Position Size (USD)'), '400');
    const edited: Settings = { ...base, positionSizing: { mode: 'fixed', value: 400 }, riskLimits: { maxPositionSize: 1000, maxOpenPositions: 5 } };
    const snapshot = riskSnapshot(edited, balance, 2);
    expect(figure('Risk Snapshot', 'Position slots').value).toBe(String(snapshot.slots));
    expect(figure('Risk Snapshot', 'Current request').value).toBe(formatUsd(snapshot.currentRequest));
    expect(figure('Risk Snapshot', 'Headroom').value).toBe(formatUsd(snapshot.headroom ?? 0));
  });

  it('TAB-SET-21, CONST-18: effective exposure is the amount after limits × default leverage, following edits', async () => {
    const { user } = await openSettings();
    await balanceShown();
    expect(figure('Execution Preview', 'Effective exposure')).toEqual({ value: expected(base).exposure, detail: '$100.00 after limits × 3x' });
    await user.clear(input('Default Leverage'));
    await user.type(input('Default Leverage'), '10');
    const edited: Settings = { ...base, trading: { ...base.trading, leverage: 10 } };
    expect(figure('Execution Preview', 'Effective exposure').value).toBe(expected(edited).exposure);
    expect(figure('Execution Preview', 'Effective exposure').value).toBe('$1,000.00');
  });

  it('TAB-SET-22, TAB-SET-25: the slippage guard reads "±X% of mid" and the worst BTC fills (GET /api/market/BTC), following edits', async () => {
    const { user, sent } = await openSettings();
    await balanceShown();
    const guard = slippageGuard(btcMarket.mid, 1, btcMarket.szDecimals);
    await waitFor(() =>
      expect(figure('Execution Preview', 'Slippage guard').detail).toBe(
        `BTC buy ≤ ${formatUsdPrice(Number(guard.buy))}, sell ≥ ${formatUsdPrice(Number(guard.sell))}`,
      ),
    );
    expect(figure('Execution Preview', 'Slippage guard')).toEqual({ value: '±1% of mid', detail: 'BTC buy ≤ $97,970, sell ≥ $96,030' });
    await user.clear(input('Slippage Tolerance (%)'));
    await user.type(input('Slippage Tolerance (%)'), '0.5');
    const preview = sizingPreview({ ...base, trading: { ...base.trading, slippageTolerance: 0.5 } }, balance, 0, btcMarket);
    expect(figure('Execution Preview', 'Slippage guard')).toEqual({
      value: '±0.5% of mid',
      detail: `BTC buy ≤ ${formatUsdPrice(Number(preview.execution.slippageGuard?.buy))}, sell ≥ ${formatUsdPrice(Number(preview.execution.slippageGuard?.sell))}`,
    });
    expect(sent.marketReads).toBe(1);
  });

  it('TAB-SET-22: given the market cannot be read, then the guard still shows its percentage', async () => {
    await openSettings({ market: null });
    await balanceShown();
    await waitFor(() =>
      expect(figure('Execution Preview', 'Slippage guard')).toEqual({ value: '±1% of mid', detail: 'Worst fill allowed for a market order' }),
    );
  });

  it('TAB-SET-23: stop-loss enforcement reads Required when the box is ticked, Optional otherwise', async () => {
    const { user } = await openSettings();
    expect(figure('Execution Preview', 'Stop-loss enforcement').value).toBe('Optional');
    await user.click(screen.getByRole('checkbox', { name: 'Require stop-loss for all trades' }));
    expect(figure('Execution Preview', 'Stop-loss enforcement').value).toBe('Required');
    await user.click(screen.getByRole('checkbox', { name: 'Require stop-loss for all trades' }));
    expect(figure('Execution Preview', 'Stop-loss enforcement').value).toBe('Optional');
  });
});
