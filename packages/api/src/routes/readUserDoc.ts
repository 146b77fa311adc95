import type { JsonObject, ReadStore } from '@hyperhook/store';

/**
 * The per-user read-model document `uid` of `collection`, as the domain's ReadModelDoc, or null.
 * A document owned by someone else is treated as absent: the owner check is a second fence behind
 * the id.
 */
export async function readUserDoc<TDoc extends { readonly userId: string }>(readStore: ReadStore, collection: string, uid: string): Promise<TDoc | null> {
  const doc = await readStore.get<JsonObject>(collection, uid);
  if (doc === undefined || doc.userId !== uid) return null;
  return { collection, id: doc.id, userId: doc.userId, version: doc.version, data: doc.data } as unknown as TDoc;
}
