import type { StrategyView } from '@hyperhook/domain';
import { PaperBadge } from '../../components/PaperBadge';
import { isPaperStrategy } from '../../entities/strategies/pickStrategy';

/** What the webhook URL does: the strategy is named when there are several, so its URL is not taken for another's. */
export function WebhookUrlSubtitle({ strategy, multiple }: { strategy: StrategyView | undefined; multiple: boolean }) {
  if (isPaperStrategy(strategy)) {
    // A paper strategy's alerts reach no account: said first, so its URL is not taken for a live one.
    return (
      <>
        <PaperBadge className="webhook-url__paper" />
        The URL of “{strategy.name}”: every alert posted to it is traded on paper, at Hyperliquid’s prices with no real money, with this strategy’s settings.
      </>
    );
  }
  if (multiple && strategy !== undefined) {
    return `The URL of “${strategy.name}”: every alert posted to it becomes an order on your Hyperliquid account, with this strategy’s settings.`;
  }
  return 'Paste it into your alert source: every alert posted to it becomes an order on your Hyperliquid account.';
}
