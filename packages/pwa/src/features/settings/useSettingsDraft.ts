import type { Settings } from '@hyperhook/domain';
import { useCallback, useState } from 'react';
import { EMPTY_DRAFT, followServer, type SettingsDraft } from './settingsDraft';

/**
 * The form's local draft, initialised from the server's settings and following them while the user
 * has not edited it (a live update never clobbers edits). `discard` drops the edits (reset).
 */
export function useSettingsDraft(server: Settings | undefined): { draft: SettingsDraft | null; edit(patch: Partial<SettingsDraft>): void; discard(): void } {
  const [state, setState] = useState(() => followServer(EMPTY_DRAFT, server));
  // Adjusting state while rendering (React's pattern for state derived from changing props).
  const next = followServer(state, server);
  if (next !== state) setState(next);
  const edit = useCallback((patch: Partial<SettingsDraft>) => setState((s) => (s.draft === null ? s : { ...s, draft: { ...s.draft, ...patch } })), []);
  const discard = useCallback(() => setState(EMPTY_DRAFT), []);
  return { draft: next.draft, edit, discard };
}
