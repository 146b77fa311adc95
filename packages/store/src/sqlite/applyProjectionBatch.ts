import type { ReadModelChange } from '../ports/UnitOfWork.js';
import type { CheckpointOperations } from './checkpointOperations.js';
import type { DocumentOperations } from './documentOperations.js';
import type { ProjectionWrite } from '../writer/writeOperations.js';

/**
 * Prepares the projection unit of work: changes, generation switches and checkpoint, to run
 * inside ONE savepoint of the writer's transaction. Any throw (invalid document, constraint, I/O)
 * rolls all of it back, so the read model and its checkpoint can never disagree.
 */
export function prepareApplyProjectionBatch(docs: DocumentOperations, checkpoints: CheckpointOperations) {
  const applyChange = (change: ReadModelChange, generation: number | null): boolean => {
    switch (change.kind) {
      case 'upsert':
        return docs.upsert(change.collection, change.doc, generation);
      case 'delete':
        return docs.delete(change.collection, change.id, change.version, generation);
      case 'deleteCollection':
        return docs.deleteCollection(change.collection, generation) > 0;
      default: {
        const unknown: never = change;
        throw new TypeError(`unknown read-model change ${JSON.stringify(unknown)}`);
      }
    }
  };

  return (batch: ProjectionWrite, at: number): boolean[] => {
    const generation = batch.generation ?? null;
    const applied = batch.changes.map((change) => applyChange(change, generation));
    if (batch.activateGenerations) docs.generations.activate(batch.activateGenerations);
    if (batch.checkpoint) checkpoints.set(batch.checkpoint.name, batch.checkpoint.position, at);
    return applied;
  };
}
