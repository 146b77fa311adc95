import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmAction } from '../../components/confirmStore';
import { queryKeys } from '../../lib/queryKeys';
import { toast } from '../../lib/toasts/toastStore';
import { regenerateWebhookSecret } from './webhookApi';

/** The question asked before the webhook secret is regenerated. */
export const REGENERATE_QUESTION = 'Are you sure? This will invalidate your current webhook URL.';

/**
 * "Regenerate Secret": asks first; only an explicit yes calls the
 * api, whose new URL replaces the old one in the field.
 */
export function useRegenerateWebhook() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: regenerateWebhookSecret,
    onSuccess: (view) => {
      queryClient.setQueryData(queryKeys.webhookUrl, view);
      toast({ variant: 'success', title: 'Webhook URL regenerated', description: 'Share the new URL with your signal sources.' });
    },
    onError: () => toast({ variant: 'error', title: 'Unable to regenerate webhook', description: 'Please try again in a moment.' }),
  });
  const regenerate = async () => {
    if (!(await confirmAction({ message: REGENERATE_QUESTION, confirmLabel: 'Regenerate Secret', danger: true }))) return;
    mutation.mutate();
  };
  return { regenerate, regenerating: mutation.isPending };
}
