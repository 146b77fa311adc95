import { defineLiveReadModel, wholeSnapshot } from '../readModels/liveReadModel.js';
import { PositionListSchema } from './positionView.js';
import { POSITIONS_COLLECTION, toPositionViews } from './positionsProjection.js';
import { queryPositions } from './positionsQuery.js';

/** Positions, live: the user's whole list (one document per user), as GET /api/positions answers it. */
export const positionsLive = defineLiveReadModel({
  kind: POSITIONS_COLLECTION,
  snapshotKey: 'positions',
  view: PositionListSchema,
  toView: toPositionViews,
  read: queryPositions,
  snapshot: wholeSnapshot(PositionListSchema),
});
