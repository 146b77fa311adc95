import type { StrategyView } from '@hyperhook/domain';
import { useId } from 'react';
import { isPaperStrategy } from '../../entities/strategies/pickStrategy';
import { DeleteStep } from './DeleteStep';
import { PromoteStep } from './PromoteStep';
import { RegenerateUrlStep } from './RegenerateUrlStep';
import { RenameStep } from './RenameStep';
import { ResetPaperStep } from './ResetPaperStep';
import { StrategyAccountLine } from './StrategyAccountLine';
import { StrategyRowActions } from './StrategyRowActions';
import { StrategyRowHead } from './StrategyRowHead';
import { SubAccountStep } from './SubAccountStep';
import { usePauseStrategy } from './usePauseStrategy';
import { useRowSteps } from './useRowSteps';

/**
 * One strategy: its name and state, and Rename, Pause or Resume, New URL and Delete (each asking
 * first where it cannot be undone); a paper one (issue 30) also Reset paper account and Trade live,
 * a live one (issue 39) the Hyperliquid account it trades on.
 */
export function StrategyRow({ strategy, selected }: { strategy: StrategyView; selected: boolean }) {
  // Paused from the row, so a pause under way stays busy while a step is open and after.
  const { setPaused, busyId } = usePauseStrategy();
  const { mode, go, row } = useRowSteps();
  const titleId = useId();
  const done = () => go('view');

  return (
    <li ref={row} className="strategy-row" aria-labelledby={titleId}>
      <StrategyRowHead strategy={strategy} selected={selected} titleId={titleId} />
      {!isPaperStrategy(strategy) && <StrategyAccountLine strategy={strategy} onChange={mode === 'view' ? () => go('account') : undefined} />}
      {mode === 'account' && <SubAccountStep strategy={strategy} onDone={done} />}
      {mode === 'rename' && <RenameStep strategy={strategy} onDone={done} />}
      {mode === 'delete' && <DeleteStep strategy={strategy} row={row} onDone={done} />}
      {mode === 'regenerate' && <RegenerateUrlStep strategy={strategy} onDone={done} />}
      {mode === 'reset' && <ResetPaperStep strategy={strategy} onDone={done} />}
      {mode === 'promote' && <PromoteStep strategy={strategy} onDone={done} />}
      {mode === 'view' && (
        <StrategyRowActions strategy={strategy} pausing={busyId === strategy.id} onPause={() => setPaused(strategy, !strategy.paused)} onOpen={go} />
      )}
    </li>
  );
}
