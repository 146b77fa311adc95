import type { WebhookLogView } from '@hyperhook/domain';
import { DASH } from '../../../lib/format/latency';
import { formatUsd } from '../../../lib/format/money';
import { formatSize } from '../../../lib/format/numbers';
import { readPayload } from '../../../entities/signals/readPayload';

/**
 * The SIZE cell (issue 29, point 6): the size the alert asked for, as today — a USD amount, or
 * its text as sent when that is no number; an alert without one (sized by Settings, or a close)
 * shows what the exchange filled, in the coin ("0.0015 BTC"), once known; else "—". A resting
 * order has filled nothing yet, so it keeps "—".
 */
export function logSizeText(log: Pick<WebhookLogView, 'payload' | 'fill'>): string {
  const { size, coin, symbol } = readPayload(log.payload);
  if (size !== null) return typeof size === 'number' ? formatUsd(size) : size;
  const filled = log.fill?.status === 'filled' ? log.fill.totalSz : undefined;
  if (filled === undefined || !(filled > 0)) return DASH;
  const unit = coin ?? symbol;
  return unit === null ? formatSize(filled) : `${formatSize(filled)} ${unit}`;
}
