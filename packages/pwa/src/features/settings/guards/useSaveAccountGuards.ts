import { useMutation, useQueryClient } from '@tanstack/react-query';
import { failureMessage } from '../../../lib/api/apiError';
import { queryKeys } from '../../../lib/queryKeys';
import { toast } from '../../../lib/toasts/toastStore';
import { saveAccountGuards } from './accountGuardsApi';

/** Saves the account's loss limit; the answer replaces the cached one, so the form is not read again. */
export function useSaveAccountGuards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAccountGuards,
    onSuccess: (guards) => {
      queryClient.setQueryData(queryKeys.accountGuards, guards);
      toast({
        variant: 'success',
        title: 'Account loss limit saved',
        description: guards.dailyLossLimitUsd === undefined ? 'No account-wide loss limit.' : 'No strategy enters past it until the next day.',
      });
    },
    onError: (error) =>
      toast({ variant: 'error', title: 'Unable to save the loss limit', description: failureMessage(error, 'Failed to save the loss limit') }),
  });
}
