import type { StrategyView } from '@hyperhook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmAction } from '../../components/confirmStore';
import { queryKeys } from '../../lib/queryKeys';
import { isAccountStrategy } from '../../entities/strategies/pickStrategy';
import { strategyAction } from '../../entities/strategies/strategyAction';
import { useStrategyCache } from '../../entities/strategies/useStrategyCache';
import { toast } from '../../lib/toasts/toastStore';
import { regenerateWebhookSecret } from './webhookApi';

/** The question asked before the webhook secret is regenerated. */
export const REGENERATE_QUESTION = 'Are you sure? This will invalidate your current webhook URL.';

/**
 * "Regenerate Secret": asks first; only an explicit yes calls the api, whose new URL replaces the
 * old one in the field. The first strategy's URL is the account's (POST
 * /api/auth/regenerate-webhook-secret); another strategy's has its own route (issue 29).
 */
export function useRegenerateWebhook(strategy?: StrategyView) {
  const queryClient = useQueryClient();
  const { put, refresh } = useStrategyCache();
  const account = isAccountStrategy(strategy);
  const mutation = useMutation({
    mutationFn: async (): Promise<void> => {
      if (account || strategy === undefined) {
        queryClient.setQueryData(queryKeys.webhookUrl, await regenerateWebhookSecret());
        // The first strategy's URL in the strategies list is this one.
        void refresh();
      } else put(await strategyAction(strategy.id, 'regenerate-webhook-secret'));
    },
    onSuccess: () => toast({ variant: 'success', title: 'Webhook URL regenerated', description: 'Share the new URL with your signal sources.' }),
    onError: () => toast({ variant: 'error', title: 'Unable to regenerate webhook', description: 'Please try again in a moment.' }),
  });
  const regenerate = async () => {
    if (!(await confirmAction({ message: REGENERATE_QUESTION, confirmLabel: 'Regenerate Secret', danger: true }))) return;
    mutation.mutate();
  };
  return { regenerate, regenerating: mutation.isPending };
}
