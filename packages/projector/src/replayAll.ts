import { allProjections } from '@hyperhook/domain';
import type { GlobalPosition } from '@hyperhook/store';
import { activeGeneration, checkpointName, DEFAULT_PROJECTOR_NAME } from '@hyperhook/eventsourcing';
import type { ProjectorOptions } from './startProjector.js';
import { projectBatch } from './projectBatch.js';

/** Options of replayAll: the projector's (`batchSize` is events per transaction, default 500), plus progress. */
export type ReplayOptions = Pick<ProjectorOptions, 'store' | 'projections' | 'name' | 'batchSize' | 'onSkip'> & {
  /** Called after each committed batch (progress for the CLI). */
  readonly onProgress?: (position: GlobalPosition) => void;
};

/** What a replay did. */
export type ReplayResult = {
  /** The generation built and now active. */
  readonly generation: number;
  /** The generation that served until the switch. */
  readonly previousGeneration: number;
  /** Last position included in the new generation. */
  readonly position: GlobalPosition;
  /** Domain events applied. */
  readonly events: number;
};

/**
 * Rebuilds every read model from position 0 into a fresh generation, while the
 * old generation keeps serving readers, then switches all collections in one transaction together
 * with the new generation's checkpoint. A live projector notices the switch at its next batch and
 * carries on from that checkpoint, so events appended during the rebuild are not lost. No change
 * notices are published: nobody reads the new generation before the switch.
 */
export async function replayAll(options: ReplayOptions): Promise<ReplayResult> {
  const { store } = options;
  const projections = options.projections ?? allProjections;
  const name = options.name ?? DEFAULT_PROJECTOR_NAME;
  const batchSize = options.batchSize ?? 500;
  const onSkip = options.onSkip ?? ((event, reason) => console.warn(`replay: skipped event ${event.eventId}: ${reason}`));
  const previousGeneration = await activeGeneration(store.readStore, projections);
  const generation = previousGeneration + 1;
  const checkpoint = { name: checkpointName(name, generation) };
  const pinned = store.readStore.withGeneration(generation);

  // Leftovers of an interrupted replay into the same generation would survive as stale documents.
  await store.unitOfWork.applyBatch({
    changes: projections.map(({ collection }) => ({ kind: 'deleteCollection', collection })),
    generation,
    checkpoint: { ...checkpoint, position: 0 },
  });

  let position: GlobalPosition = 0;
  let applied = 0;
  for (;;) {
    const events = await store.eventStore.readAll({ fromPosition: position, maxCount: batchSize });
    const last = events.at(-1)?.globalPosition ?? position;
    const done = events.length < batchSize;
    const projected = await projectBatch(events, projections, pinned, onSkip);
    applied += projected.applied;
    await store.unitOfWork.applyBatch({
      changes: projected.changes,
      generation,
      checkpoint: { ...checkpoint, position: last },
      // The last batch switches readers over in the same transaction as its documents and checkpoint.
      ...(done ? { activateGenerations: Object.fromEntries(projections.map(({ collection }) => [collection, generation])) } : {}),
    });
    position = last;
    options.onProgress?.(position);
    if (done) break;
  }
  return { generation, previousGeneration, position, events: applied };
}
