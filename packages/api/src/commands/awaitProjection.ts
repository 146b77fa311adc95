import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../appDeps.js';

/** How long a command's answer waits for the read models before answering anyway. */
export const READ_YOUR_WRITES_TIMEOUT_MS = 5_000;

/**
 * Read-your-writes: waits until the projector applied `position`, so the reads a route makes right
 * after its command (and the client's next GET) see the change. The command itself has already
 * succeeded, so a projector that is late is logged, not turned into a failure.
 */
export async function awaitProjection(deps: Pick<AppDeps, 'projection'>, log: FastifyBaseLogger, position: number | null): Promise<void> {
  if (position === null) return;
  try {
    await deps.projection.waitFor(position, READ_YOUR_WRITES_TIMEOUT_MS);
  } catch (error) {
    log.warn({ err: error, position }, 'read models did not catch up in time');
  }
}
