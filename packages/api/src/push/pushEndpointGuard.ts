import { Agent } from 'node:https';
import { ApiError } from '../http/apiError.js';
import { assertAllowedTarget, guardedLookup, TargetRefusedError, type TargetPolicy } from '../notifications/targetGuard.js';

// A push endpoint is a URL a signed-in user hands the gateway, which then POSTs to it: the channel
// target guard keeps it off loopback, private, link-local and metadata addresses (issue 32,
// point 4), under the channels' operator switch (HYPERHOOK_NOTIFY_ALLOW_PRIVATE_TARGETS).

/** Why the guard refuses `endpoint`, or undefined when it may be contacted. Other failures propagate. */
export async function pushEndpointRefusal(endpoint: string, policy: TargetPolicy): Promise<string | undefined> {
  try {
    await assertAllowedTarget(endpoint, policy);
    return undefined;
  } catch (error) {
    if (error instanceof TargetRefusedError) return error.message;
    throw error;
  }
}

/** Refuses, with 400 and a reason the user can act on, an endpoint a browser subscribes with. */
export async function assertPushEndpointAllowed(endpoint: string, policy: TargetPolicy): Promise<void> {
  const refusal = await pushEndpointRefusal(endpoint, policy);
  if (refusal === undefined) return;
  // The guard speaks of channel "targets"; the user chose no target, their browser's push service did.
  const reason = refusal.replace(/^The target( host)?/, 'its host');
  const message = `Push notifications cannot be sent to this browser's push service: ${reason}`;
  throw new ApiError(400, message, { fieldErrors: [{ field: 'endpoint', message: reason }] });
}

let strictAgent: Agent | undefined;

/**
 * The agent pushes go through: with private targets refused, one whose every connection resolves
 * the host again and refuses private addresses, so a name that passed the check before the send
 * cannot rebind to one for the connection. With them allowed, none: web-push then uses the
 * default agent, as before (tests trust their loopback push service's certificate through it).
 */
export function guardedPushAgent(policy: TargetPolicy): Agent | undefined {
  if (policy.allowPrivateTargets) return undefined;
  // Kept alive, as the default agent's sockets are: a burst of pushes to one service shares connections.
  strictAgent ??= new Agent({ keepAlive: true, timeout: 5_000, lookup: guardedLookup({ allowPrivateTargets: false }) });
  return strictAgent;
}
