import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ok, server } from '../../test/server';
import { OrderPreviewCard } from './OrderPreviewCard';
import { planPreview } from './preview.fixtures';

/** Answers previews with `answer` and records each request body. */
function previewNetwork(answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/orders/preview', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

const message = () => screen.getByLabelText('Alert message') as HTMLTextAreaElement;

async function previewText(text: string) {
  const view = renderWithProviders(<OrderPreviewCard />);
  await view.user.clear(message());
  await view.user.click(message());
  await view.user.paste(text);
  await view.user.click(screen.getByRole('button', { name: 'Preview order' }));
  return view;
}

const figure = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.parentElement as HTMLElement;
};

describe('Order preview (beyond the spec: the issue)', () => {
  it('given an alert text, when previewing, then POST /api/orders/preview {alert: <the text>} and the exact order: network, coin, side, rounded size, limit price, time in force, leverage, amounts, notional, margin, mid and the TP/SL legs; nothing is sent', async () => {
    const bodies = previewNetwork(() => ok(planPreview()));
    const text = '{"symbol":"BTCUSDT","action":"buy","size":150,"leverage":3,"stopLoss":58000,"takeProfit":70000}';
    await previewText(text);
    const result = await screen.findByRole('region', { name: 'Order that would be sent' });
    expect(bodies).toEqual([{ alert: text }]);
    expect(within(result).getByText('Testnet')).toHaveClass('badge');
    expect(within(result).getByText('BTC')).toBeInTheDocument();
    expect(within(result).getByText('BUY')).toHaveClass('badge--green');
    expect(within(result).getByText('Market order')).toBeInTheDocument();
    expect(figure('Size')).toHaveTextContent('0.0045 BTC');
    expect(figure('Limit price')).toHaveTextContent('$65,650Slippage guard: the worst price this order may fill at');
    expect(figure('Time in force')).toHaveTextContent('IOC — immediate or cancel');
    expect(figure('Leverage')).toHaveTextContent(/^Leverage3x$/);
    expect(figure('Amount (USD)')).toHaveTextContent('$150.00 → $100.00');
    expect(figure('Notional')).toHaveTextContent('$292.50Size × $65,000');
    expect(figure('Margin')).toHaveTextContent('$97.50');
    expect(figure('Mid price')).toHaveTextContent('$65,000');
    const legs = within(result)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(legs).toEqual([
      ['Take-profit', 'SELL', '$70,000', '$63,000', '0.0045 BTC'],
      ['Stop-loss', 'SELL', '$58,000', '$52,200', '0.0045 BTC'],
    ]);
    expect(within(result).getByText(/^Reduce-only triggers/)).toBeInTheDocument();
    expect(screen.getByText('Preview only: nothing was sent to Hyperliquid.')).toBeInTheDocument();
  });

  it("issue 30: given a paper strategy's preview, then the order is marked Paper, not by a network", async () => {
    previewNetwork(() => ok(planPreview({}, { network: 'mainnet', venue: 'paper' })));
    await previewText('{"symbol":"BTC","action":"buy"}');
    const result = await screen.findByRole('region', { name: 'Order that would be sent' });
    expect(within(result).getByText('Paper')).toHaveClass('badge--paper');
    expect(within(result).queryByText('Mainnet')).toBeNull();
  });

  it('given a leverage above the coin\'s maximum on mainnet, a limit and a close, then "Lowered to the coin\'s maximum", the limit price, and a reduce-only close of the whole position using no margin', async () => {
    previewNetwork(() =>
      ok(planPreview({ leverage: 40, leverageClamped: true, tif: 'Gtc', price: '60000', grouping: 'na', children: [] }, { network: 'mainnet' })),
    );
    const { user } = await previewText('{"symbol":"BTC","action":"buy","orderType":"limit","price":60000,"leverage":50}');
    await screen.findByRole('region', { name: 'Order that would be sent' });
    expect(screen.getByText('Mainnet')).toBeInTheDocument();
    expect(screen.getByText('Limit order')).toBeInTheDocument();
    expect(figure('Leverage')).toHaveTextContent("40xLowered to the coin's maximum");
    expect(figure('Limit price')).toHaveTextContent('$60,000The limit price');
    expect(figure('Time in force')).toHaveTextContent('GTC — good till cancelled');
    expect(screen.getByText('No take-profit or stop-loss.')).toBeInTheDocument();

    previewNetwork(() =>
      ok(
        planPreview(
          { isBuy: false, reduceOnly: true, grouping: 'na', children: [], requestedUsd: null, amountUsd: null, price: '58500' },
          { marginUsd: 0, mid: null },
        ),
      ),
    );
    await user.clear(message());
    await user.paste('{"symbol":"BTC","action":"close"}');
    await user.click(screen.getByRole('button', { name: 'Preview order' }));
    expect(await screen.findByText('Reduce-only close')).toBeInTheDocument();
    expect(screen.getByText('SELL')).toHaveClass('badge--red');
    expect(figure('Amount (USD)')).toHaveTextContent('Whole position');
    expect(figure('Margin')).toHaveTextContent('$0.00A close frees margin');
    expect(figure('Mid price')).toHaveTextContent('—');
  });

  it.each([
    [
      { ok: false, stage: 'parse', code: 'INVALID_ACTION', field: 'action', message: 'Field "action" must be "buy", "sell" or "close"; got "hold".' },
      'The alert did not parse',
      'Field: action',
    ],
    [{ ok: false, stage: 'keys', code: 'NO_CREDENTIALS', message: 'No API keys configured' }, 'No API keys', null],
    [
      { ok: false, stage: 'market', code: 'EXCHANGE_UNAVAILABLE', message: 'Hyperliquid did not answer. Nothing was sent; try the preview again in a moment.' },
      'Hyperliquid could not be reached',
      null,
    ],
    [
      {
        ok: false,
        stage: 'plan',
        code: 'STOP_LOSS_REQUIRED',
        message: '"Require stop-loss for all trades" is on, and this buy alert for BTC has no stopLoss.',
      },
      'A trading rule refused it',
      null,
    ],
  ])(
    'VAL-20, VAL-21: given a refusal at stage %#, then the exact reason, the stage in words, the field and the code',
    async (refusal, stageText, fieldText) => {
      previewNetwork(() => ok(refusal));
      await previewText('{"symbol":"BTCUSDT","action":"hold"}');
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(`Would be rejected: ${stageText}`);
      expect(alert).toHaveTextContent(refusal.message);
      expect(alert).toHaveTextContent(`Code: ${refusal.code}`);
      if (fieldText !== null) expect(alert).toHaveTextContent(fieldText);
      else expect(alert).not.toHaveTextContent('Field:');
      expect(screen.queryByRole('region', { name: 'Order that would be sent' })).toBeNull();
      expect(screen.getByText('Preview only: nothing was sent to Hyperliquid.')).toBeInTheDocument();
    },
  );

  it('given the preview call itself fails, then "Preview unavailable: <message>"; editing the text clears a result', async () => {
    previewNetwork(() => HttpResponse.json({ success: false, error: 'Rate limit exceeded' }, { status: 429 }));
    const { user } = await previewText('{"symbol":"BTC","action":"buy"}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Preview unavailable: Rate limit exceeded');
    await user.type(message(), ' ');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('given a template chosen in "Use template", then the message is filled with it; TradingView placeholders get sample values; an empty message cannot be previewed', async () => {
    const { user } = renderWithProviders(<OrderPreviewCard />);
    expect(message().value).toContain('"symbol": "BTCUSDT"');
    await user.selectOptions(screen.getByLabelText('Use template'), 'Close the BTC position');
    expect(message()).toHaveValue('{\n  "symbol": "BTCUSDT",\n  "action": "close"\n}');
    await user.selectOptions(screen.getByLabelText('Use template'), 'Follow the strategy at market');
    expect(message().value).toContain('"action": "buy"');
    expect(message().value).toContain('"id": "BTCUSDT-2026-11-24T12:00:00Z"');
    expect(message().value).not.toContain('{{');
    await user.clear(message());
    expect(screen.getByRole('button', { name: 'Preview order' })).toBeDisabled();
  });
});
