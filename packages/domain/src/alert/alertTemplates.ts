/** A copyable alert message for one format, for the Webhook tab. */
export interface AlertTemplate {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  /** The alert message to paste: JSON, or PineConnector-style text. */
  readonly body: string;
  /** True when the body holds TradingView placeholders ("{{ticker}}"), filled in when the alert fires. */
  readonly placeholders: boolean;
}

const json = (value: unknown): string => JSON.stringify(value);

/**
 * One template per alert format hyperhook reads (issue 29, point 3), each the format's own
 * documentation example adapted to Hyperliquid coins (see docs/research/alert-formats.md).
 */
export const ALERT_TEMPLATES: readonly AlertTemplate[] = Object.freeze([
  {
    id: 'native',
    name: 'hyperhook',
    description: 'hyperhook\'s own format: buy 100 USD of ETH at 2x. Without "size", your Settings size the order.',
    body: json({ symbol: 'ETH', action: 'buy', size: 100, leverage: 2 }),
    placeholders: false,
  },
  {
    id: 'native-post-only',
    name: 'hyperhook, post-only limit',
    description:
      'A limit buy of 100 USD of ETH at 3000 that only rests as a maker order (ALO): the venue refuses it if it would fill at once. "timeInForce": "IOC" fills at once or not at all; without it, GTC.',
    body: json({ symbol: 'ETH', action: 'buy', orderType: 'limit', price: 3000, timeInForce: 'ALO', size: 100 }),
    placeholders: false,
  },
  {
    id: 'native-cancel-after',
    name: 'hyperhook, limit cancelled after a while',
    description:
      'A limit buy of 100 USD of ETH at 3000 that is cancelled if it has not filled 30 minutes after it rested (what did fill is kept, with its protection). Up to 43,200 minutes (30 days).',
    body: json({ symbol: 'ETH', action: 'buy', orderType: 'limit', price: 3000, size: 100, cancelAfterMinutes: 30 }),
    placeholders: false,
  },
  {
    id: 'native-ladder',
    name: 'hyperhook, ladder of limits',
    description:
      'Buy 500 USD of ETH as 5 resting limit orders evenly spaced from 3400 down to 3300, sent in one action; each must be worth at least $10. "cancel" and "cancelAfterMinutes" cover all of them.',
    body: json({ symbol: 'ETH', action: 'buy', size: 500, ladder: { from: 3400, to: 3300, orders: 5 } }),
    placeholders: false,
  },
  {
    id: 'native-break-even',
    name: 'hyperhook, break-even stop',
    description: 'Buy 100 USD of ETH with a stop at 2900 that moves to the entry + 0.1 % once the price is 1 % above the entry; it only ever tightens.',
    body: json({ symbol: 'ETH', action: 'buy', size: 100, stopLoss: 2900, breakEven: { activationPercent: 1, offsetPercent: 0.1 } }),
    placeholders: false,
  },
  {
    id: 'native-take-profits',
    name: 'hyperhook, several take-profits',
    description: 'Buy 300 USD of ETH with a stop at 2900; take half the position at 3600 and the rest 4 % above the entry. The stop shrinks as they fill.',
    body: json({
      symbol: 'ETH',
      action: 'buy',
      size: 300,
      stopLoss: 2900,
      takeProfits: [
        { price: 3600, percent: 50 },
        { offsetPercent: 4, percent: 50 },
      ],
    }),
    placeholders: false,
  },
  {
    id: 'native-trailing-stop',
    name: 'hyperhook, trailing stop',
    description: 'Buy 100 USD of ETH with a stop 2 % behind the price that starts trailing once the price is 1 % above the entry; it only ever tightens.',
    body: json({ symbol: 'ETH', action: 'buy', size: 100, trailingStop: { percent: 2, activationPercent: 1 } }),
    placeholders: false,
  },
  {
    id: 'native-update',
    name: 'hyperhook, update protection',
    description:
      "Move the stop of this strategy's ETH position to 3050 and add a take-profit 5 % above its entry; the new stop is placed before the old one goes.",
    body: json({ symbol: 'ETH', action: 'update', stopLoss: 3050, takeProfits: [{ offsetPercent: 5, percent: 100 }] }),
    placeholders: false,
  },
  {
    id: 'native-cancel',
    name: 'hyperhook, cancel',
    description: "Cancel this strategy's resting ETH orders (its limit entries); its stop-loss and take-profit stay.",
    body: json({ symbol: 'ETH', action: 'cancel' }),
    placeholders: false,
  },
  {
    id: 'native-partial-close',
    name: 'hyperhook, partial close',
    description:
      'Close half of this strategy\'s ETH position, reduce-only; its stop-loss and take-profit are resized to what is left. "quantity": 0.1 closes 0.1 ETH instead.',
    body: json({ symbol: 'ETH', action: 'close', percent: 50 }),
    placeholders: false,
  },
  {
    id: 'native-strategy',
    name: 'hyperhook, TradingView strategy',
    description: "For an alert on a TradingView strategy: follows the strategy's position, sending only the difference from what the account holds.",
    body: json({ symbol: '{{ticker}}', action: '{{strategy.order.action}}', positionSize: '{{strategy.position_size}}', id: '{{ticker}}-{{timenow}}' }),
    placeholders: true,
  },
  {
    id: 'tradersPost',
    name: 'TradersPost',
    description: "TradersPost's first example on ETH: buy 0.05 ETH, take-profit 10 % above the signal price and stop-loss 5 % below it.",
    body: json({ ticker: 'ETHUSDT.P', action: 'buy', signalPrice: 3000, quantity: 0.05, takeProfit: { percent: 10 }, stopLoss: { type: 'stop', percent: 5 } }),
    placeholders: false,
  },
  {
    id: 'tradersPost-strategy',
    name: 'TradersPost, TradingView strategy',
    description: "TradersPost's strategy template: each order of the strategy, and a close when its position becomes flat.",
    body: json({
      ticker: '{{ticker}}',
      action: '{{strategy.order.action}}',
      sentiment: '{{strategy.market_position}}',
      quantity: '{{strategy.order.contracts}}',
      price: '{{close}}',
      time: '{{timenow}}',
      interval: '{{interval}}',
    }),
    placeholders: true,
  },
  {
    id: 'threeCommas-strategy',
    name: '3Commas signal bot, strategy',
    description: "The 3Commas strategy-type message. secret and bot_uuid are 3Commas's and are not read: your webhook URL is hyperhook's key.",
    body: json({
      secret: 'token',
      max_lag: '300',
      timestamp: '{{timenow}}',
      trigger_price: '{{close}}',
      tv_exchange: '{{exchange}}',
      tv_instrument: '{{ticker}}',
      action: '{{strategy.order.action}}',
      bot_uuid: 'signal-bot-uuid',
      strategy_info: {
        market_position: '{{strategy.market_position}}',
        market_position_size: '{{strategy.market_position_size}}',
        prev_market_position: '{{strategy.prev_market_position}}',
        prev_market_position_size: '{{strategy.prev_market_position_size}}',
      },
      order: { amount: '{{strategy.order.contracts}}', currency_type: 'base' },
    }),
    placeholders: true,
  },
  {
    id: 'threeCommas-enter',
    name: '3Commas signal bot, enter long',
    description: 'A 3Commas custom signal: open a long of 0.05 ETH ("base": an amount in coins). enter_short opens a short.',
    body: json({
      action: 'enter_long',
      tv_exchange: 'BINANCE',
      tv_instrument: 'ETHUSDT.P',
      order: { amount: '0.05', currency_type: 'base', order_type: 'market' },
    }),
    placeholders: false,
  },
  {
    id: 'threeCommas-exit',
    name: '3Commas signal bot, exit',
    description: 'A 3Commas custom signal: close the whole ETH position ("amount": 50 closes half of it). exit_short does the same.',
    body: json({ action: 'exit_long', tv_exchange: 'BINANCE', tv_instrument: 'ETHUSDT.P', order: { amount: 100, currency_type: 'position_percent' } }),
    placeholders: false,
  },
  {
    id: 'tvac',
    name: 'TVAC',
    description: 'The tradingview-alert-connector README\'s alert on BTC: buy 0.01 BTC; "position" is the strategy\'s position after the order.',
    body: json({
      exchange: 'hyperliquid',
      strategy: 'MyStrategy',
      market: 'BTC',
      size: 0.01,
      order: 'buy',
      price: '{{close}}',
      position: 'long',
      reverse: false,
    }),
    placeholders: true,
  },
  {
    id: 'side',
    name: 'side',
    description: '"side" in place of "action": long buys, short sells; every other field is hyperhook\'s own.',
    body: json({ symbol: 'ETHUSDT', side: 'long', size: 100 }),
    placeholders: false,
  },
  {
    id: 'pineConnector',
    name: 'PineConnector-style text',
    description: 'Command, symbol, then prices as sl_price= and tp_price=; a leading license id is read past. Your Settings size the order.',
    body: 'buy,ETH,sl_price=2900,tp_price=3300',
    placeholders: false,
  },
  {
    id: 'pineConnector-close',
    name: 'PineConnector-style text, close',
    description: "closelong (or closeshort) closes this strategy's whole position in the coin.",
    body: '60123456789,closelong,ETH',
    placeholders: false,
  },
]);
