import { defineLiveShape, wholeSnapshot } from '../readModels/liveReadModel.js';
import { PositionListSchema } from './positionView.js';
import { POSITIONS_COLLECTION } from './positionsProjection.js';

/** Positions, live: the user's whole list (one document per user), as GET /api/positions answers it. */
export const positionsLiveShape = defineLiveShape({
  kind: POSITIONS_COLLECTION,
  snapshotKey: 'positions',
  view: PositionListSchema,
  snapshot: wholeSnapshot(PositionListSchema),
});
