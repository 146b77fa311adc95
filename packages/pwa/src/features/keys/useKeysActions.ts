import { NO_CREDENTIALS_RECORD, type CredentialsInput } from '@hyperhook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmAction } from '../../components/confirmStore';
import { ApiError, failureMessage } from '../../lib/api/apiError';
import { queryKeys } from '../../lib/queryKeys';
import { useReferralActions } from './referral/useReferral';
import { toast } from '../../lib/toasts/toastStore';
import { fieldMessages, type KeysProblems } from './keysDraft';
import { deleteKeys, saveKeys } from './keysApi';

/** The question asked before the keys are deleted. */
export const DELETE_QUESTION = 'Are you sure you want to delete your API keys? This will stop all webhook processing.';

/** The field errors of a 400 validation refusal (`fieldErrors: [{field, message}]`), else none. */
function refusalFields(error: unknown): KeysProblems['fields'] {
  const list = error instanceof ApiError ? (error.body as { fieldErrors?: unknown } | null)?.fieldErrors : undefined;
  if (!Array.isArray(list)) return {};
  return fieldMessages(list.filter((e): e is { field: string; message: string } => typeof e?.field === 'string' && typeof e?.message === 'string'));
}

/**
 * Save. After a successful save with the referral box
 * ticked, the self-report follows; a failed save sends none. A refusal comes back
 * for the form, since the api's reasons (such as the API wallet check) are long and specific.
 */
export function useSaveKeys() {
  const queryClient = useQueryClient();
  const { reportJoined } = useReferralActions();
  const mutation = useMutation({ mutationFn: saveKeys });
  const save = async (input: CredentialsInput, joinedViaReferral: boolean): Promise<{ ok: true } | { ok: false; problems: KeysProblems }> => {
    try {
      const record = await mutation.mutateAsync(input);
      queryClient.setQueryData(queryKeys.keys, record);
      toast({ variant: 'success', title: 'API keys saved', description: 'Your Hyperliquid wallet is ready for webhooks.' });
      if (joinedViaReferral) reportJoined().catch((error: unknown) => console.error('Referral self-report failed', error));
      return { ok: true };
    } catch (error) {
      const message = failureMessage(error, 'Failed to save API keys');
      toast({ variant: 'error', title: 'Unable to save API keys', description: message });
      // A validation refusal has the spec's own title; other refusals are headed like the toast.
      const title = (error instanceof ApiError ? error.title : null) ?? 'Unable to save API keys';
      return { ok: false, problems: { title, message, fields: refusalFields(error) } };
    }
  };
  return { save, saving: mutation.isPending };
}

/** Delete: asks first; only an explicit yes calls the api. */
export function useDeleteKeys() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: deleteKeys,
    onSuccess: () => {
      queryClient.setQueryData(queryKeys.keys, NO_CREDENTIALS_RECORD);
      toast({ variant: 'info', title: 'API keys deleted', description: 'Webhooks will pause until you add new credentials.' });
    },
    onError: () => toast({ variant: 'error', title: 'Unable to delete API keys', description: 'Please try again.' }),
  });
  const remove = async () => {
    if (!(await confirmAction({ message: DELETE_QUESTION, confirmLabel: 'Delete', danger: true }))) return;
    mutation.mutate();
  };
  return { remove, deleting: mutation.isPending };
}
