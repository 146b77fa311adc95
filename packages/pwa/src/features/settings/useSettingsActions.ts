import type { Settings, StrategyView } from '@hyperhook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirmAction } from '../../components/confirmStore';
import { queryKeys } from '../../lib/queryKeys';
import { toast } from '../../lib/toasts/toastStore';
import { failureMessage } from '../../lib/api/apiError';
import { strategyAction } from '../../entities/strategies/strategyAction';
import { useStrategyCache } from '../../entities/strategies/useStrategyCache';
import { resetSettings, saveSettings, saveStrategySettings } from './settingsApi';

/** The question asked before the settings are reset. */
export const RESET_QUESTION = 'Are you sure you want to reset all settings to defaults?';

/**
 * Save and Reset to Defaults. `resetting` covers the reset and the reload after it: the tab shows its
 * loading state meanwhile. Without `strategy` they are the account's (the first strategy's,
 * /api/settings); with one, that strategy's (/api/strategies/:id/settings, issue 29).
 */
export function useSettingsActions(discardDraft: () => void, strategy?: StrategyView) {
  const queryClient = useQueryClient();
  const { put } = useStrategyCache();
  const [resetting, setResetting] = useState(false);
  const id = strategy?.id;
  const save = useMutation({
    mutationFn: async (settings: Settings): Promise<void> => {
      if (id === undefined) queryClient.setQueryData(queryKeys.settings, await saveSettings(settings));
      else put(await saveStrategySettings(id, settings));
    },
    onSuccess: () => {
      toast({ variant: 'success', title: 'Settings saved', description: 'Your automation preferences have been updated.' });
    },
    onError: (error) => toast({ variant: 'error', title: 'Unable to save settings', description: failureMessage(error, 'Failed to save settings') }),
  });

  const reset = async () => {
    if (!(await confirmAction({ message: RESET_QUESTION, confirmLabel: 'Reset to Defaults', danger: true }))) return;
    setResetting(true);
    try {
      if (id === undefined) {
        await resetSettings();
        discardDraft();
        // Back to no data, then reloaded: the loading state shows until the defaults arrive.
        await queryClient.resetQueries({ queryKey: queryKeys.settings });
      } else {
        const view = await strategyAction(id, 'reset-settings');
        discardDraft();
        put(view);
      }
      toast({ variant: 'success', title: 'Settings reset', description: 'Defaults restored successfully.' });
    } catch {
      toast({ variant: 'error', title: 'Unable to reset settings', description: 'Try again in a moment.' });
    } finally {
      setResetting(false);
    }
  };

  return { save: (settings: Settings) => save.mutate(settings), saving: save.isPending, reset, resetting };
}
