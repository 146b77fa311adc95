import { describeValue } from '../describeValue.js';
import { refused, unsupported, type AlertFormatReader, type Translation } from './alertFormatReader.js';

// PineConnector's alert syntax (docs.pineconnector.com, "Syntax" and "Cheatsheet"):
// "LicenseID,Command,Symbol,Others", comma-separated, Others as key=value. See
// docs/research/alert-formats.md.

const BUY = ['buy', 'long', 'bull', 'bullish'];
const SELL = ['sell', 'short', 'bear', 'bearish'];
const CLOSE = ['closelong', 'closeshort'];
/** Commands PineConnector knows and hyperhook does not carry out: still recognised, so the refusal can name them. */
const OTHER_COMMANDS = [
  'buystop',
  'buylimit',
  'sellstop',
  'selllimit',
  'cancellong',
  'cancelshort',
  'newsltplong',
  'newsltpshort',
  'closeall',
  'eaon',
  'eaoff',
];
const COMMANDS = new Set([...BUY, ...SELL, ...CLOSE, ...OTHER_COMMANDS]);

const LICENSE_ID = /^\d+$/;
const PARAMETER = /^([a-z][a-z0-9_]*)\s*=\s*(.*)$/i;
/** Parameters that are not an order's: PineConnector's comment and its own secret key. */
const IGNORED = new Set(['comment', 'secret']);
/** Parameters whose units are in their names, as absolute prices. */
const PRICES: Readonly<Record<string, 'stopLoss' | 'takeProfit'>> = { sl_price: 'stopLoss', tp_price: 'takeProfit' };

/**
 * Splits PineConnector-style comma text ("60123456789,buy,ETH,sl_price=2900" or "buy,ETH") into
 * its parts: `command`, `symbol`, the `licenseId` when one leads, and each key=value parameter
 * under its key. Undefined when the text is not such a message (its command must be one of
 * PineConnector's), so that other text is still refused as not JSON.
 */
export function splitPineConnectorText(text: string): Record<string, string> | undefined {
  const parts = text.split(',').map((part) => part.trim());
  const licensed = parts.length > 1 && LICENSE_ID.test(parts[0] as string);
  const [command, ...rest] = licensed ? parts.slice(1) : parts;
  if (command === undefined || !COMMANDS.has(command.toLowerCase())) return undefined;
  const entries: [string, string][] = [['command', command]];
  if (licensed) entries.push(['licenseId', parts[0] as string]);
  for (const [i, part] of rest.entries()) {
    const parameter = PARAMETER.exec(part);
    if (parameter === null) {
      // The symbol comes right after the command and is the only part without "=".
      if (i !== 0 || part === '') return undefined;
      entries.push(['symbol', part]);
    } else {
      const key = (parameter[1] as string).toLowerCase();
      if (entries.some(([known]) => known === key)) return undefined;
      entries.push([key, (parameter[2] as string).trim()]);
    }
  }
  // fromEntries defines own properties: a "__proto__" key cannot reach the prototype.
  return Object.fromEntries(entries);
}

/**
 * PineConnector-style comma text (see splitPineConnectorText), mapped where its meaning is the
 * same on Hyperliquid:
 * - buy (long, bull, bullish) and sell (short, bear, bearish): hyperhook's buy and sell, sized from
 *   the trader's Settings; closelong and closeshort: a close of the whole position in the coin
 *   (reduce-only, never opening anything; it closes whatever side is open).
 * - sl_price= and tp_price=: stop-loss and take-profit prices.
 * - risk=, sl=, tp= and price= mean lots, dollars, percent of balance, pips, price or percent as the
 *   MetaTrader EA's settings say, not as the message does; vol_lots= is in a broker's lots and
 *   pips are a broker's: all refused by name, a size is never guessed.
 * - The license id is PineConnector's routing to the trader's EA. hyperhook's webhook URL already
 *   names the trader, so it is read past, with or without it; comment= and secret= likewise.
 * - Pending orders, cancels, SL/TP moves, closeall (every coin at once) and EA on/off are refused.
 */
export const pineConnectorText: AlertFormatReader = {
  format: 'pineConnector',
  reads: ['symbol', 'sl_price', 'tp_price'],
  // Recognised by decodeAlertBody, which alone knows the body was comma text.
  recognises: () => false,
  translate(payload): Translation {
    const command = String(payload['command']).toLowerCase();
    const action = BUY.includes(command) ? 'buy' : SELL.includes(command) ? 'sell' : CLOSE.includes(command) ? 'close' : undefined;
    if (action === undefined) {
      const why =
        command === 'closeall'
          ? 'it closes every position at once, and a hyperhook alert closes one coin: send "closelong,ETH" or "closeshort,ETH"'
          : 'hyperhook carries out buy, sell, closelong and closeshort only';
      return unsupported('command', `PineConnector's "${command}" is not read: ${why}.`);
    }
    const fields: Record<string, unknown> = { symbol: payload['symbol'], action };
    const names: Record<string, string> = {};
    for (const [key, value] of Object.entries(payload)) {
      if (key === 'command' || key === 'symbol' || key === 'licenseId' || IGNORED.has(key)) continue;
      const native = Object.hasOwn(PRICES, key) ? PRICES[key] : undefined;
      if (native !== undefined) {
        fields[native] = value;
        names[native] = key;
      } else if (key === 'risk') {
        return unsupported(
          'risk',
          '"risk=" is lots, dollars or a percent of the balance as the PineConnector EA\'s settings say, so hyperhook cannot size from it. ' +
            'Leave it out to size from your Settings, or send hyperhook\'s JSON with "size" (USD) or "quantity" (coins).',
        );
      } else {
        return refused(
          'UNSUPPORTED_VALUE',
          key,
          `"${key}=" is not read: its meaning depends on the MetaTrader EA's settings or the broker's lots and pips; got ${describeValue(value)}. ` +
            'hyperhook reads sl_price= and tp_price= (prices); leave sizing out to size from your Settings.',
        );
      }
    }
    return { ok: true, fields, names };
  },
};
