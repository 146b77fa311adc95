import type { CredentialsSaved, UserEvent } from '@hyperhook/domain';

/** The credentials currently stored on a user stream (the latest save, unless deleted since), or null. */
export function storedCredentials(events: readonly UserEvent[]): CredentialsSaved['data'] | null {
  let current: CredentialsSaved['data'] | null = null;
  for (const event of events) {
    if (event.type === 'CredentialsSaved') current = event.data;
    else if (event.type === 'CredentialsDeleted' && current?.sealedPrivateKey.keyId === event.data.dataKeyId) current = null;
  }
  return current;
}
