import { useMutation } from '@tanstack/react-query';
import type { ApprovalView } from '@hyperhook/domain';
import { heldOrderText } from '../../entities/signals/approvals';
import { useMarkAnswered } from '../../entities/signals/useAwaitingApprovals';
import { failureMessage } from '../../lib/api/apiError';
import { toast } from '../../lib/toasts/toastStore';
import { answerApproval, type ApprovalChoice } from './approvalsApi';

/**
 * Approves or rejects one waiting alert (issue 42). Approved, the entry is planned again at the
 * price of that moment; either way the alert leaves the list at once. A refusal (answered already
 * from a notification or another device, or expired) shows the api's words.
 */
export function useAnswerApproval(held: ApprovalView) {
  const markAnswered = useMarkAnswered();
  const what = `${heldOrderText(held)} for “${held.strategyName}”`;
  return useMutation({
    mutationFn: (choice: ApprovalChoice) => answerApproval(held.logId, choice),
    onSuccess: (answer, choice) => {
      markAnswered(held.logId, answer.status);
      toast(
        choice === 'approve'
          ? { variant: 'success', title: 'Entry approved', description: `${what} goes on to the order, at the price of now.` }
          : { variant: 'success', title: 'Entry rejected', description: `${what} is not sent.` },
      );
    },
    onError: (error, choice) =>
      toast({
        variant: 'error',
        title: choice === 'approve' ? 'Unable to approve' : 'Unable to reject',
        description: failureMessage(error, 'Failed to answer the alert'),
      }),
  });
}
