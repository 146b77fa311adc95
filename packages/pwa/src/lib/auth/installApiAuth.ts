import { configureApiAuth } from '../api/apiClient';
import { endSessionBecause } from './endSession';
import { currentAccessToken, renewSession } from './sessionRenewal';

/** Wires the api client to the session: tokens on every call, renewal on 401, sign-out when it fails. */
export function installApiAuth(): void {
  configureApiAuth({ accessToken: currentAccessToken, renew: renewSession, expired: endSessionBecause });
}
