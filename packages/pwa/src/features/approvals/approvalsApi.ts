import { ApprovalAnsweredSchema, type ApprovalAnswered } from '@hyperhook/domain';
import { api } from '../../lib/api/apiClient';

/** The trader's answer to an alert waiting for approval. */
export type ApprovalChoice = 'approve' | 'reject';

/**
 * POST /api/approvals/:logId/approve or /reject (issue 42): the answer is the alert's new status;
 * an alert answered already (elsewhere, or expired meanwhile) is refused with 409 and why.
 */
export function answerApproval(logId: string, choice: ApprovalChoice): Promise<ApprovalAnswered> {
  return api(`/api/approvals/${encodeURIComponent(logId)}/${choice}`, { method: 'POST', schema: ApprovalAnsweredSchema });
}
