import { accountDecider } from '@hyperhook/domain';
import type { AppDeps } from '../appDeps.js';
import { handleUserCommand } from '../commands/handleUserCommand.js';

/** Records SessionRevoked for a token id (a no-op when already revoked or expired); resolves the position written. */
export async function revokeSession(deps: AppDeps, uid: string, jti: string, expSeconds: number): Promise<number | null> {
  const outcome = await handleUserCommand(deps.store.eventStore, uid, accountDecider, {
    type: 'RevokeSession',
    jti,
    expiresAt: new Date(expSeconds * 1000).toISOString(),
    at: deps.clock().toISOString(),
  });
  return outcome.position;
}
