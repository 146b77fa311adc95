import { readOwnDoc, type ReadModelReader } from '../readModels/readModelReader.js';
import type { PositionView } from './positionView.js';
import { POSITIONS_COLLECTION, toPositionViews, type PositionsData } from './positionsProjection.js';

/** A user's open positions as the client's view, newest update first; none before the first snapshot. */
export async function queryPositions(reader: ReadModelReader, uid: string): Promise<PositionView[]> {
  return toPositionViews(await readOwnDoc<PositionsData>(reader, POSITIONS_COLLECTION, uid));
}
