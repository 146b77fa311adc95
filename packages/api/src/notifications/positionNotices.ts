import type { PositionDriftReconciled, ProtectionUpdated } from '@hyperhook/domain';
import type { Notice } from './sendToChannel.js';

const RULES: Record<PositionDriftReconciled['data']['rule'], string> = {
  flattened: 'every strategy’s share was closed',
  reducedInProportion: 'every share was reduced in the same proportion',
  flipped: 'the strategies were closed; the other side is held outside hyperhook',
  grown: 'the difference is held outside hyperhook',
};

/**
 * `position.drift` (issue 39, point 1): the venue's position in a coin was not what the strategies
 * and the outside part add up to (a manual trade, a liquidation, a fill while hyperhook was down),
 * and what the drift rule did about it.
 */
export function driftNotice(publicUrl: string, drift: PositionDriftReconciled['data']): Notice {
  const shares = drift.strategies.map((s) => `${s.strategyId} ${s.from} → ${s.to}`).join(', ');
  return {
    event: 'position.drift',
    title: `${drift.coin} at Hyperliquid differs from your strategies`,
    strategy: null,
    symbol: drift.coin,
    reason: `The venue holds ${drift.venueSzi}, the strategies held ${drift.ledgerSzi}: ${RULES[drift.rule]}.${shares === '' ? '' : ` ${shares}.`}`,
    signalId: null,
    url: `${publicUrl}/dashboard?tab=positions`,
    at: drift.at,
  };
}

/** `position.unprotected` (issue 39, point 3): the venue refused a stop-loss or take-profit the strategy's alert asked for. */
export function unprotectedNotice(publicUrl: string, protection: ProtectionUpdated['data']): Notice {
  const refused = protection.refused.map((r) => `${r.kind === 'sl' ? 'stop-loss' : 'take-profit'} at ${r.triggerPx} for ${r.size}: ${r.reason}`).join('; ');
  return {
    event: 'position.unprotected',
    title: `${protection.coin} position is not protected as asked`,
    strategy: { id: protection.strategyId, name: null },
    symbol: protection.coin,
    reason: `Hyperliquid refused the ${refused}.`,
    signalId: protection.signalId,
    url: `${publicUrl}/dashboard?tab=positions`,
    at: protection.at,
  };
}
