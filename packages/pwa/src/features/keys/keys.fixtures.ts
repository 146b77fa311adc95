import type { CredentialsRecord, ReferralInfo } from '@hyperhook/domain';
import { http, type DefaultBodyType, type StrictRequest } from 'msw';
import { configuredKeys, noKeys } from '../../test/fixtures';
import { ok, server } from '../../test/server';
import { referralInfo } from './referral/referral.fixtures';

export const WALLET = '0x2222222222222222222222222222222222222222';
export const ACCOUNT = '0x1111111111111111111111111111111111111111';
export const PRIVATE_KEY = `0x${'ab'.repeat(32)}`;

type Answer = (request: StrictRequest<DefaultBodyType>) => Response | Promise<Response>;

/**
 * The API KEYS tab's network: the keys read (default: none saved), save, delete and the referral
 * calls, each answer replaceable. `sent` records what reached the server, in order.
 */
export function keysNetwork(
  options: { keys?: CredentialsRecord | Answer; save?: Answer; remove?: Answer; referral?: ReferralInfo | Answer; selfReport?: Answer } = {},
) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  const record = async (request: StrictRequest<DefaultBodyType>) => {
    const text = await request.clone().text();
    sent.push({ method: request.method, path: new URL(request.url).pathname, body: text === '' ? undefined : JSON.parse(text) });
  };
  const answer =
    <T>(given: T | Answer | undefined, fallback: () => Response) =>
    async ({ request }: { request: StrictRequest<DefaultBodyType> }) => {
      await record(request);
      if (typeof given === 'function') return (given as Answer)(request);
      return given === undefined ? fallback() : ok(given);
    };
  server.use(
    http.get(
      '/api/keys',
      answer(options.keys, () => ok(noKeys)),
    ),
    http.post(
      '/api/keys',
      answer(options.save, () => ok({ ...configuredKeys, lastUsed: null })),
    ),
    http.delete(
      '/api/keys',
      answer(options.remove, () => ok({ configured: false })),
    ),
    http.get(
      '/api/referral',
      answer(options.referral, () => ok(referralInfo())),
    ),
    http.post(
      '/api/referral/self-report',
      answer(options.selfReport, () => ok(referralInfo({ joinedViaReferral: true, joinedReportedAt: '2026-11-24T12:00:00.000Z' }))),
    ),
  );
  return { sent, calls: (method: string, path: string) => sent.filter((s) => s.method === method && s.path === path) };
}
