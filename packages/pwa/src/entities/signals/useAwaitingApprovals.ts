import { approvalsOf, type ApprovalView, type SignalStatus, type WebhookLogView } from '@hyperhook/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from '../../lib/auth/useAuth';
import { queryKeys } from '../../lib/queryKeys';
import { webhookLogsQueryOptions } from './webhookLogsQuery';

const NONE: readonly ApprovalView[] = [];

/**
 * The signed-in trader's alerts waiting for approval (issue 42), read off the webhook logs: the
 * live socket writes them as they change, so the list follows without polling. The newest held
 * first, by the rule `GET /api/approvals` lists them with.
 */
export function useAwaitingApprovals(): readonly ApprovalView[] {
  const { status } = useAuth();
  const query = useQuery({ ...webhookLogsQueryOptions, enabled: status === 'signedIn', select: approvalsOf });
  return query.data ?? NONE;
}

/**
 * Moves an answered alert on to the status the api answered at once, before the live socket says
 * where it went; a change the socket brought first (the alert no longer waits) is kept.
 */
export function useMarkAnswered(): (logId: string, status: SignalStatus) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (logId, status) =>
      queryClient.setQueryData<WebhookLogView[]>(queryKeys.webhookLogs, (logs) =>
        logs?.map((log) => (log.webhookLogId === logId && log.status === 'awaiting_approval' ? { ...log, status } : log)),
      ),
    [queryClient],
  );
}
