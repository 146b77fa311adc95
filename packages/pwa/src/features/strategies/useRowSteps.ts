import { useEffect, useRef, useState } from 'react';

/** What a strategy's row shows: its buttons ('view'), or one step opened in their place. */
export type RowMode = 'view' | 'rename' | 'delete' | 'regenerate' | 'reset' | 'promote' | 'account';

/**
 * The step a strategy's row shows, and its focus: into the step's form or question
 * (`data-row-focus`), then back to the button that opened it (`data-opens`).
 */
export function useRowSteps() {
  const [mode, setMode] = useState<RowMode>('view');
  const row = useRef<HTMLLIElement>(null);
  const back = useRef<RowMode>('view');

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
  return { mode, go, row };
}
