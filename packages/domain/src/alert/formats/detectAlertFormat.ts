import type { AlertFormatReader } from './alertFormatReader.js';
import { nativeFormat } from './native.js';
import { pineConnectorText } from './pineConnectorText.js';
import { sideField } from './sideField.js';
import { threeCommas } from './threeCommas.js';
import { tradersPost } from './tradersPost.js';
import { tvac } from './tvac.js';

/** The other connectors' formats, in the order they are tried on an alert without `symbol`. */
const FOREIGN_JSON_FORMATS: readonly AlertFormatReader[] = [threeCommas, tvac, tradersPost, sideField];

/** The sentence a body that matches no format ends with: which formats hyperhook reads. */
export const UNDERSTOOD_FORMATS =
  'hyperhook reads its own format (TradingView strategy alerts included) and alerts written for TradersPost ("ticker"), the 3Commas signal bot ("tv_instrument"), TVAC ("market"), ' +
  '"side" in place of "action", and PineConnector-style text ("buy,ETH").';

/**
 * The format an alert was written in, by its distinctive fields, in a fixed order: comma text is
 * PineConnector's; an alert with `symbol` is hyperhook's own (with `side` in place of `action`, the
 * side format); then the 3Commas signal bot (`tv_instrument`, `bot_uuid`), TVAC (`market` with
 * `order` or `exchange`), TradersPost (`ticker`), `side`. Anything else is read as hyperhook's
 * own, whose rejection then names the formats understood.
 */
export function detectAlertFormat(payload: Readonly<Record<string, unknown>>, commaText = false): AlertFormatReader {
  if (commaText) return pineConnectorText;
  if (nativeFormat.recognises(payload)) return sideField.recognises(payload) ? sideField : nativeFormat;
  return FOREIGN_JSON_FORMATS.find((format) => format.recognises(payload)) ?? nativeFormat;
}
