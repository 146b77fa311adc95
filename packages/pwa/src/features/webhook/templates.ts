/**
 * The sample alert messages of "Webhook Templates". They
 * follow the template rules of spec §9: orderType market unless a limit price
 * is given, leverage from 1 to 3, action buy, sell or close, size in USD. Every sample is checked
 * against the product's own parser in templates.test.ts, so a copied template is always accepted.
 *
 * No plain sample carries an `id`: an id marks an alert for good (the same id is never traded
 * twice), so a copied fixed id would only trade once. The TradingView group builds one per alert.
 */

/** One sample payload, copied as pretty-printed JSON. */
export interface WebhookTemplate {
  readonly id: string;
  readonly title: string;
  /** What a trader should know before using it. */
  readonly note: string;
  readonly payload: Readonly<Record<string, string | number>>;
}

/** A collapsible group of samples. */
export interface TemplateGroup {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  /** True when the samples hold TradingView placeholders that TradingView fills in when the alert fires. */
  readonly placeholders: boolean;
  readonly templates: readonly WebhookTemplate[];
}

export const TEMPLATE_GROUPS: readonly TemplateGroup[] = [
  {
    id: 'market',
    title: 'Market orders',
    description: 'Open or add to a position at the current price. orderType defaults to market, so it can be left out.',
    placeholders: false,
    templates: [
      {
        id: 'market-buy',
        title: 'Buy (long) $100 at 2x',
        note: 'Opens or adds to a long: $100 at 2x leverage, so $200 of exposure.',
        payload: { symbol: 'BTCUSDT', action: 'buy', orderType: 'market', size: 100, leverage: 2 },
      },
      {
        id: 'market-sell',
        title: 'Sell (short) $50 at 1x',
        note: 'Opens or adds to a short of $50 without leverage.',
        payload: { symbol: 'ETHUSDT', action: 'sell', orderType: 'market', size: 50, leverage: 1 },
      },
      {
        id: 'market-settings',
        title: 'Buy sized by your Settings',
        note: 'Without size and leverage, your Position Sizing settings size the order from your account balance, at your Default Leverage.',
        payload: { symbol: 'SOLUSDT', action: 'buy' },
      },
    ],
  },
  {
    id: 'limit',
    title: 'Limit orders',
    description: 'Rest an order on the book until the price is reached. A limit order requires price.',
    placeholders: false,
    templates: [
      {
        id: 'limit-buy',
        title: 'Limit buy at $60,000',
        note: 'Buys only at $60,000 or lower; it stays open until filled or cancelled on Hyperliquid.',
        payload: { symbol: 'BTCUSDT', action: 'buy', orderType: 'limit', price: 60000, size: 100, leverage: 2 },
      },
      {
        id: 'limit-sell',
        title: 'Limit sell at $4,000',
        note: 'Sells only at $4,000 or higher.',
        payload: { symbol: 'ETHUSDT', action: 'sell', orderType: 'limit', price: 4000, size: 75, leverage: 3 },
      },
    ],
  },
  {
    id: 'risk',
    title: 'Risk management',
    description:
      "Attach a stop-loss and a take-profit to the entry. Both are trigger prices: below the entry for a long's stop-loss, above it for its take-profit, and the other way round for a short.",
    placeholders: false,
    templates: [
      {
        id: 'risk-long',
        title: 'Buy with stop-loss and take-profit',
        note: 'A long at 3x that closes at a loss below $58,000 or at a profit above $70,000.',
        payload: { symbol: 'BTCUSDT', action: 'buy', orderType: 'market', size: 100, leverage: 3, stopLoss: 58000, takeProfit: 70000 },
      },
      {
        id: 'risk-short',
        title: 'Sell with a stop-loss',
        note: 'A short at 2x that closes at a loss above $4,200. Needed when "Require stop-loss for all trades" is on.',
        payload: { symbol: 'ETHUSDT', action: 'sell', orderType: 'market', size: 50, leverage: 2, stopLoss: 4200 },
      },
    ],
  },
  {
    id: 'close',
    title: 'Close a position',
    description:
      "close closes this strategy's whole position in the coin at market; another strategy's position in the coin is left as it is. Size, price and leverage are not needed.",
    placeholders: false,
    templates: [
      {
        id: 'close-btc',
        title: 'Close the BTC position',
        note: 'It trades only what this strategy holds, so it never opens a position in the other direction.',
        payload: { symbol: 'BTCUSDT', action: 'close' },
      },
    ],
  },
  {
    id: 'tradingview',
    title: 'TradingView strategy placeholders',
    description:
      'For alerts created from a TradingView strategy: TradingView replaces each {{placeholder}} when the alert fires, so one alert follows every buy and sell of the strategy.',
    placeholders: true,
    templates: [
      {
        id: 'tv-market',
        title: 'Follow the strategy at market',
        note: '{{strategy.order.action}} becomes buy or sell; the id makes every alert unique so none is mistaken for a re-delivery.',
        payload: { symbol: '{{ticker}}', action: '{{strategy.order.action}}', orderType: 'market', size: 100, leverage: 2, id: '{{ticker}}-{{timenow}}' },
      },
      {
        id: 'tv-limit',
        title: 'Follow the strategy with a limit at the close',
        note: "{{close}} is the bar's closing price when the alert fires.",
        payload: {
          symbol: '{{ticker}}',
          action: '{{strategy.order.action}}',
          orderType: 'limit',
          price: '{{close}}',
          size: 100,
          leverage: 1,
          id: '{{ticker}}-{{timenow}}',
        },
      },
    ],
  },
];

/** A template as it is copied and pasted into an alert message. */
export function templateText(template: WebhookTemplate): string {
  return JSON.stringify(template.payload, null, 2);
}

/** What TradingView would put in place of each placeholder, for checking and previewing samples. */
export const SAMPLE_PLACEHOLDER_VALUES: Readonly<Record<string, string>> = {
  '{{ticker}}': 'BTCUSDT',
  '{{strategy.order.action}}': 'buy',
  '{{close}}': '65000',
  '{{timenow}}': '2026-11-24T12:00:00Z',
};

/** The text with TradingView placeholders replaced by sample values; unknown placeholders are left as they are. */
export function withSampleValues(text: string): string {
  return text.replace(/\{\{[^{}]+\}\}/g, (placeholder) => SAMPLE_PLACEHOLDER_VALUES[placeholder] ?? placeholder);
}
