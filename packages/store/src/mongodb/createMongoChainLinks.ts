import { MongoBulkWriteError, MongoServerError } from 'mongodb';
import type { ChainLinks } from '../ports/ChainLinks.js';
import type { ReadModelCollections } from './mongoCollections.js';

/** MongoDB's duplicate-key error code. */
const DUPLICATE_KEY = 11000;

function isDuplicateKey(error: unknown): boolean {
  return (error instanceof MongoBulkWriteError || error instanceof MongoServerError) && error.code === DUPLICATE_KEY;
}

/**
 * The hash chain of the KurrentDB + MongoDB deployment, in the `chain` collection: a link's
 * `_id` is its order (1, 2, 3, …), unique like its position, so a batch that does not extend
 * the last link collides on its first `_id` or position and is refused. Links are written once.
 */
export function createMongoChainLinks(db: Pick<ReadModelCollections, 'chain'>): ChainLinks {
  return {
    async last() {
      const link = await db.chain.findOne({}, { sort: { _id: -1 } });
      return link === null ? null : { position: link.position, hash: link.hash };
    },
    async append(after, links) {
      if (links.length === 0) return true;
      const last = await db.chain.findOne({}, { sort: { _id: -1 } });
      if ((last?.position ?? null) !== (after?.position ?? null) || (last?.hash ?? null) !== (after?.hash ?? null)) return false;
      const order = last?._id ?? 0;
      try {
        await db.chain.insertMany(
          links.map((link, index) => ({ _id: order + index + 1, position: link.position, hash: link.hash })),
          { ordered: true },
        );
        return true;
      } catch (error) {
        // Another follower wrote these orders first; what it wrote is the same chain, or the log moved.
        if (isDuplicateKey(error)) return false;
        throw error;
      }
    },
    async hashesAt(positions) {
      if (positions.length === 0) return new Map();
      const found = await db.chain.find({ position: { $in: [...positions] } }, { projection: { position: 1, hash: 1 } }).toArray();
      return new Map(found.map((link) => [link.position, link.hash]));
    },
  };
}
