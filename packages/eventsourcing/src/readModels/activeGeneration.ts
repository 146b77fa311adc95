import type { Projection } from '@hyperhook/domain';
import type { ReadStoreGenerations } from '@hyperhook/store';

/**
 * The generation the projector writes: the highest active generation among its collections.
 * A replay switches every collection together, so they agree; a collection added later starts
 * at 0 and is built in the current generation by the next replay.
 */
export async function activeGeneration(generations: ReadStoreGenerations, projections: readonly Projection<unknown>[]): Promise<number> {
  let generation = 0;
  for (const { collection } of projections) generation = Math.max(generation, await generations.activeGeneration(collection));
  return generation;
}
