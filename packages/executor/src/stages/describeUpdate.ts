import { takeProfitsText, trailText, type ProtectionPrices, type ProtectionUpdated } from '@hyperhook/domain';

/**
 * What the position is protected by after an update alert, for people (the History's words, live's
 * and paper's alike): "… updated: stop-loss 2900; take-profits 0.05 at 3120; trailing 2% behind the price."
 */
export function describeUpdate(held: string, coin: string, now: ProtectionPrices & { readonly refused?: ProtectionUpdated['data']['refused'] }): string {
  const size = held.replace(/^-/, '');
  const parts = [
    now.stopLoss !== undefined && `stop-loss ${now.stopLoss}`,
    now.takeProfit !== undefined && `take-profit ${now.takeProfit}`,
    now.takeProfits !== undefined && now.takeProfits.length > 0 && takeProfitsText(now.takeProfits),
    now.trailingStop !== undefined && trailText(now.trailingStop),
    now.breakEven !== undefined && `stop to ${now.breakEven.stopPx} once the price reaches ${now.breakEven.activationPx}`,
  ].filter((part): part is string => typeof part === 'string');
  const refusals = (now.refused ?? []).map((refusal) => `${refusal.kind === 'sl' ? 'the new stop-loss' : 'a take-profit'} was refused: ${refusal.reason}`);
  const text = `Protection of this strategy's ${size} ${coin} ${held.startsWith('-') ? 'short' : 'long'} updated: ${parts.length > 0 ? parts.join('; ') : 'none'}.${refusals.length > 0 ? ` ${refusals.join(' ')}` : ''}`;
  return text.length <= 2000 ? text : `${text.slice(0, 1999)}…`;
}
