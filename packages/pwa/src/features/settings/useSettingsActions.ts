import type { Settings } from '@hyperhook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirmAction } from '../../components/confirmStore';
import { queryKeys } from '../../lib/queryKeys';
import { toast } from '../../lib/toasts/toastStore';
import { resetSettings, saveSettings } from './settingsApi';
import { failureMessage } from '../../lib/api/apiError';

/** The question asked before the settings are reset. */
export const RESET_QUESTION = 'Are you sure you want to reset all settings to defaults?';

/**
 * Save and Reset to Defaults. `resetting` covers the reset and the reload after it: the tab shows its
 * loading state meanwhile.
 */
export function useSettingsActions(discardDraft: () => void) {
  const queryClient = useQueryClient();
  const [resetting, setResetting] = useState(false);
  const save = useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.settings, saved);
      toast({ variant: 'success', title: 'Settings saved', description: 'Your automation preferences have been updated.' });
    },
    onError: (error) => toast({ variant: 'error', title: 'Unable to save settings', description: failureMessage(error, 'Failed to save settings') }),
  });

  const reset = async () => {
    if (!(await confirmAction({ message: RESET_QUESTION, confirmLabel: 'Reset to Defaults', danger: true }))) return;
    setResetting(true);
    try {
      await resetSettings();
      discardDraft();
      // Back to no data, then reloaded: the loading state shows until the defaults arrive.
      await queryClient.resetQueries({ queryKey: queryKeys.settings });
      toast({ variant: 'success', title: 'Settings reset', description: 'Defaults restored successfully.' });
    } catch {
      toast({ variant: 'error', title: 'Unable to reset settings', description: 'Try again in a moment.' });
    } finally {
      setResetting(false);
    }
  };

  return { save: (settings: Settings) => save.mutate(settings), saving: save.isPending, reset, resetting };
}
