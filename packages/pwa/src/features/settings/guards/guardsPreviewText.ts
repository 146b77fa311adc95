import { describeApprovalTimeout, type AlertGuards, type GuardPreview } from '@hyperhook/domain';

const entriesWord = (n: number) => (n === 1 ? 'entry' : 'entries');

/**
 * What the guards on screen would have done to the strategy's last alerts, in one sentence (issue
 * 42): held back, and with manual approval, waited for the trader; exits never wait. `guarding`
 * says whether a guard other than approval is set.
 */
export function guardsPreviewSentence(guards: AlertGuards, all: GuardPreview, guarding: boolean): string {
  if (all.alerts === 0) return 'No alert of this strategy yet: the preview fills in as alerts come.';
  const manual = guards.approval === 'manual';
  const wait = `up to ${describeApprovalTimeout(guards)} for your approval`;
  if (!guarding && !manual) {
    return `No guard set: all ${all.entries} ${entriesWord(all.entries)} went to the order path. Set one to see what it would have held back.`;
  }
  if (!guarding) {
    if (all.entries === 0) return 'No entry among them: exits never wait for approval.';
    return `${all.entries === 1 ? 'The 1 entry' : `Each of the ${all.entries} entries`} would have waited ${wait}; exits never wait.`;
  }
  const heldBack = `${all.heldBack.length} of ${all.entries} ${entriesWord(all.entries)} would have been held back`;
  if (!manual) return `${heldBack}; exits always go.`;
  return `${heldBack}; ${all.awaitingApproval === 1 ? 'the 1 let through' : `each of the ${all.awaitingApproval} let through`} would have waited ${wait}. Exits always go, without waiting.`;
}
