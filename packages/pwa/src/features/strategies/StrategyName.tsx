import type { StrategyView } from '@hyperhook/domain';
import { PaperBadge } from '../../components/PaperBadge';
import { isPaperStrategy } from '../../entities/strategies/pickStrategy';

/** The strategy's name, "Paper" for a paper one (issue 30) and, while it is paused, a dot (and the word, for screen readers). */
export function StrategyName({ strategy }: { strategy: StrategyView }) {
  return (
    <>
      <span className="strategy-switch__name">{strategy.name}</span>
      {isPaperStrategy(strategy) && <PaperBadge className="strategy-switch__paper" />}
      {strategy.paused && (
        <span className="strategy-dot strategy-dot--paused" title="Paused">
          <span className="visually-hidden">, paused</span>
        </span>
      )}
    </>
  );
}
