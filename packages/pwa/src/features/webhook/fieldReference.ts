/**
 * The alert fields under the templates, with the defaults of spec §9 and what
 * the parser accepts (packages/domain/src/alert/parseAlert.ts).
 */
export const ALERT_FIELDS: readonly { readonly name: string; readonly text: string }[] = [
  { name: 'symbol', text: 'Required. The ticker to trade: "BTC", "BTCUSDT" or TradingView\'s "BINANCE:BTCUSDT.P" all mean BTC.' },
  { name: 'action', text: 'Required. The action is buy, sell or close (long, short and flat also work).' },
  { name: 'orderType', text: 'market or limit. Default: market.' },
  {
    name: 'size',
    text: 'The position size in USD, before leverage (size 100 at leverage 2 trades $200). Default: the account balance — without size, your Position Sizing settings size the order from your account balance; Max Position Size and the available balance cap it either way.',
  },
  { name: 'price', text: 'The limit price. A limit order requires price; a market order ignores it.' },
  { name: 'stopLoss', text: 'Optional stop-loss trigger price; the position closes at market when it is reached.' },
  { name: 'takeProfit', text: 'Optional take-profit trigger price.' },
  {
    name: 'leverage',
    text: 'A whole number from 1 to 50, as 3 or "3x". Default: 1 (your Default Leverage in Settings). Lowered to the coin\'s maximum when higher.',
  },
  { name: 'id', text: 'Optional, unique per alert. An alert whose id was already received is treated as a re-delivery and never traded twice.' },
];
