import { defineLiveReadModel } from '../readModels/liveReadModel.js';
import { toPositionViews } from './positionsProjection.js';
import { queryPositions } from './positionsQuery.js';
import { positionsLiveShape } from './positionsLiveShape.js';

/** The server's half of {@link positionsLiveShape}: how a stored document becomes its view, and how a resync reads it. */
export const positionsLive = defineLiveReadModel(positionsLiveShape, {
  toView: toPositionViews,
  read: queryPositions,
});
