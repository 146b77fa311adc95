import type { StrategyView } from '@hyperhook/domain';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Field } from '../../components/Field';
import { PaperBadge } from '../../components/PaperBadge';
import { useModalFocus } from '../../components/useModalFocus';
import { failureMessage } from '../../lib/api/apiError';
import { formatUsd } from '../../lib/format/money';
import { formatSince } from '../../lib/format/time';
import { useOnline } from '../../lib/offline/useOnline';
import { isPaperStrategy } from '../../lib/strategies/pickStrategy';
import { strategyAction } from '../../lib/strategies/strategyAction';
import { useSelectedStrategy } from '../../lib/strategies/useStrategies';
import { useStrategyCache } from '../../lib/strategies/useStrategyCache';
import { toast } from '../../lib/toasts/toastStore';
import { deleteStrategy, renameStrategy } from './strategiesApi';
import { useStrategiesDialogStore } from './strategiesDialogStore';
import { usePauseStrategy } from './usePauseStrategy';
import { CreateStrategyForm } from './CreateStrategyForm';
import { PromoteStep, ResetPaperStep } from './PaperAccountSteps';
import { StrategyAccountLine } from './StrategyAccountLine';
import { SubAccountStep } from './SubAccountStep';
import './strategies.css';

/** Why the first strategy has no Delete. */
export const FIRST_STRATEGY_NOTE = 'Your first strategy can’t be deleted: its webhook URL and settings are your account’s own. Pause it instead.';

type RowMode = 'view' | 'rename' | 'delete' | 'regenerate' | 'reset' | 'promote' | 'account';

/**
 * One strategy: its name and state, and Rename, Pause or Resume, New URL and Delete (each asking
 * first where it cannot be undone); a paper one (issue 30) also Reset paper account and Trade live,
 * a live one (issue 39) the Hyperliquid account it trades on.
 */
function StrategyRow({ strategy, selected }: { strategy: StrategyView; selected: boolean }) {
  const online = useOnline();
  const { put, remove } = useStrategyCache();
  const { setPaused, busyId } = usePauseStrategy();
  const [mode, setMode] = useState<RowMode>('view');
  const [name, setName] = useState(strategy.name);
  const row = useRef<HTMLLIElement>(null);
  const back = useRef<RowMode>('view');
  const titleId = useId();

  // Focus follows the row's step: into the form or the question, then back to the button that opened it.
  useEffect(() => {
    const root = row.current;
    if (root === null) return;
    if (mode !== 'view') root.querySelector<HTMLElement>('[data-row-focus]')?.focus();
    else if (back.current !== 'view') root.querySelector<HTMLElement>(`[data-opens="${back.current}"]`)?.focus();
  }, [mode]);
  const go = (next: RowMode) => {
    back.current = mode === 'view' ? next : mode;
    setMode(next);
  };

  const rename = useMutation({
    mutationFn: (next: string) => renameStrategy(strategy.id, next),
    onSuccess: (view) => {
      put(view);
      toast({ variant: 'success', title: 'Strategy renamed', description: `It is now “${view.name}”.` });
      go('view');
    },
  });
  const regenerate = useMutation({
    mutationFn: () => strategyAction(strategy.id, 'regenerate-webhook-secret'),
    onSuccess: (view) => {
      put(view);
      toast({ variant: 'success', title: 'Webhook URL regenerated', description: `Give “${view.name}”’s new URL to its signal sources.` });
      go('view');
    },
    onError: (error) => toast({ variant: 'error', title: 'Unable to regenerate webhook', description: failureMessage(error, 'Please try again in a moment.') }),
  });
  const remover = useMutation({
    mutationFn: () => deleteStrategy(strategy.id),
    onSuccess: () => {
      // The row goes: focus moves to the dialog's first field rather than to the page behind it.
      row.current?.closest<HTMLElement>('[role="dialog"]')?.querySelector<HTMLElement>('input')?.focus();
      remove(strategy.id);
      toast({ variant: 'success', title: `Strategy “${strategy.name}” deleted`, description: 'Its webhook URL no longer works; its logs stay.' });
    },
    onError: (error) => toast({ variant: 'error', title: 'Unable to delete the strategy', description: failureMessage(error, 'Please try again in a moment.') }),
  });
  const pausing = busyId === strategy.id;

  return (
    <li ref={row} className="strategy-row" aria-labelledby={titleId}>
      <div className="strategy-row__head">
        <h3 id={titleId} className="strategy-row__name">
          {strategy.name}
        </h3>
        <span className="strategy-row__badges">
          {isPaperStrategy(strategy) && <PaperBadge />}
          {selected && <span className="badge badge--accent">On screen</span>}
          {strategy.paused ? <span className="badge badge--yellow">Paused</span> : <span className="badge badge--green">Trading</span>}
        </span>
      </div>
      {strategy.paused && <p className="muted strategy-row__meta">Paused since {formatSince(strategy.pausedSince)}: its alerts are logged, not traded.</p>}
      {strategy.paper !== null && (
        <p className="muted strategy-row__meta">
          Trades on paper, no real money: <span className="num">{formatUsd(strategy.paper.balance)}</span> to start with, since {formatSince(strategy.paper.since)}.
        </p>
      )}
      {!isPaperStrategy(strategy) && <StrategyAccountLine strategy={strategy} onChange={mode === 'view' ? () => go('account') : undefined} />}
      {mode === 'account' && <SubAccountStep strategy={strategy} onDone={() => go('view')} />}

      {mode === 'rename' && (
        <form
          className="strategy-row__step"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!rename.isPending && online) rename.mutate(name);
          }}
        >
          <Field label={`New name for “${strategy.name}”`} error={rename.isError ? failureMessage(rename.error, 'Failed to rename the strategy') : null}>
            <input
              className="input"
              type="text"
              value={name}
              maxLength={200}
              autoComplete="off"
              data-row-focus
              onChange={(event) => {
                setName(event.target.value);
                if (rename.isError) rename.reset();
              }}
            />
          </Field>
          <div className="button-row">
            <button type="submit" className="btn btn--primary btn--small" disabled={!online || rename.isPending} aria-busy={rename.isPending}>
              {rename.isPending ? 'Saving...' : 'Save name'}
            </button>
            <button
              type="button"
              className="btn btn--small"
              onClick={() => {
                rename.reset();
                setName(strategy.name);
                go('view');
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      )}

      {mode === 'delete' && (
        <div className="strategy-row__step notice notice--error" role="group" aria-label={`Delete “${strategy.name}”?`}>
          <p>
            <strong>Delete “{strategy.name}”?</strong> Its webhook URL stops working at once, so its alerts are refused. Its logs stay, and open positions are not closed.
          </p>
          <div className="button-row">
            <button type="button" className="btn btn--small" data-row-focus onClick={() => go('view')}>
              Keep it
            </button>
            <button type="button" className="btn btn--small btn--danger-solid" disabled={!online || remover.isPending} aria-busy={remover.isPending} onClick={() => remover.mutate()}>
              {remover.isPending ? 'Deleting...' : 'Delete strategy'}
            </button>
          </div>
        </div>
      )}

      {mode === 'regenerate' && (
        <div className="strategy-row__step notice notice--warning" role="group" aria-label={`New webhook URL for “${strategy.name}”?`}>
          <p>
            <strong>New webhook URL for “{strategy.name}”?</strong> The current URL stops working at once: update every alert that uses it.
          </p>
          <div className="button-row">
            <button type="button" className="btn btn--small" data-row-focus onClick={() => go('view')}>
              Cancel
            </button>
            <button type="button" className="btn btn--small btn--danger" disabled={!online || regenerate.isPending} aria-busy={regenerate.isPending} onClick={() => regenerate.mutate()}>
              {regenerate.isPending ? 'Regenerating...' : 'Regenerate URL'}
            </button>
          </div>
        </div>
      )}

      {mode === 'reset' && <ResetPaperStep strategy={strategy} onDone={() => go('view')} />}
      {mode === 'promote' && <PromoteStep strategy={strategy} onDone={() => go('view')} />}

      {mode === 'view' && (
        <>
          {isPaperStrategy(strategy) && (
            <div className="strategy-row__actions">
              <button type="button" className="btn btn--small" data-opens="reset" onClick={() => go('reset')}>
                Reset paper account<span className="visually-hidden"> of {strategy.name}</span>
              </button>
              <button type="button" className="btn btn--small" data-opens="promote" onClick={() => go('promote')}>
                Trade live<span className="visually-hidden"> with {strategy.name}</span>
              </button>
            </div>
          )}
          <div className="strategy-row__actions">
            <button type="button" className="btn btn--small" data-opens="rename" onClick={() => go('rename')}>
              Rename<span className="visually-hidden"> {strategy.name}</span>
            </button>
            <button type="button" className="btn btn--small" disabled={!online || pausing} aria-busy={pausing} onClick={() => setPaused(strategy, !strategy.paused)}>
              {strategy.paused ? 'Resume' : 'Pause'}
              <span className="visually-hidden"> {strategy.name}</span>
            </button>
            <button type="button" className="btn btn--small" data-opens="regenerate" onClick={() => go('regenerate')}>
              New URL<span className="visually-hidden"> for {strategy.name}</span>
            </button>
            {!strategy.first && (
              <button type="button" className="btn btn--small btn--danger" data-opens="delete" onClick={() => go('delete')}>
                Delete<span className="visually-hidden"> {strategy.name}</span>
              </button>
            )}
          </div>
          {strategy.first && <p className="muted strategy-row__meta">{FIRST_STRATEGY_NOTE}</p>}
        </>
      )}
    </li>
  );
}

/**
 * "Manage strategies" (issue 29, point 6): create, rename, pause or resume, a new URL, delete. A
 * modal dialog, full height on phones; focus stays inside, Escape closes it.
 */
export function StrategiesDialog() {
  const open = useStrategiesDialogStore((state) => state.open);
  const closeDialog = useStrategiesDialogStore((state) => state.close);
  const { strategies, strategy } = useSelectedStrategy();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const close = useCallback(() => closeDialog(), [closeDialog]);
  useModalFocus(ref, open, close);
  // Leaving the dashboard closes it: it must not reopen by itself on the way back.
  useEffect(() => closeDialog, [closeDialog]);
  if (!open) return null;
  return (
    <div className="dialog-backdrop strategies-backdrop" onClick={close}>
      <div ref={ref} className="dialog strategies-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={descriptionId} onClick={(e) => e.stopPropagation()}>
        <div className="strategies-dialog__header">
          <h2 id={titleId} className="dialog__title">
            Manage strategies
          </h2>
          <button type="button" className="btn btn--small" onClick={close}>
            Close
          </button>
        </div>
        <p id={descriptionId} className="muted strategies-dialog__intro">
          Each strategy has its own webhook URL, settings and pause: alerts sent to a strategy’s URL trade with its settings.
        </p>
        <CreateStrategyForm count={strategies.length} />
        <ul className="strategy-rows" aria-label="Your strategies">
          {strategies.map((s) => (
            <StrategyRow key={s.id} strategy={s} selected={s.id === strategy?.id} />
          ))}
        </ul>
      </div>
    </div>
  );
}
