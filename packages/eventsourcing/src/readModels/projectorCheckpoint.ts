import { allProjections } from '@hyperhook/domain';
import type { GlobalPosition, StorePorts } from '@hyperhook/store';
import { activeGeneration } from './activeGeneration.js';
import { checkpointName } from './checkpointName.js';

/** Default projector name: its checkpoints are `read-models@g<generation>`. */
export const DEFAULT_PROJECTOR_NAME = 'read-models';

/**
 * How far the read models are: the projector's stored checkpoint for the generation readers use.
 * Read from the store, not from an in-process projector, so an api process without one
 * (`hyperhook api` next to a separate projector) measures the same thing.
 */
export async function projectorCheckpoint(store: Pick<StorePorts, 'checkpoints' | 'readStore'>): Promise<GlobalPosition> {
  const generation = await activeGeneration(store.readStore, allProjections);
  return (await store.checkpoints.get(checkpointName(DEFAULT_PROJECTOR_NAME, generation))) ?? 0;
}
