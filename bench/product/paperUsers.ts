// Paper traders for bench/product's paper rows (issue 44 §2): users without keys, each with a paper
// strategy created through the api, alerts posted to that strategy's own webhook URL.
import { percentile } from '../executor/percentile.js';
import type { Product } from '../../tests/browser/support/product.js';
import type { BenchUser } from '../pwa/users.js';
import { signUpMany } from './signUpMany.js';

/** `count` users, each with a paper strategy of 100,000 USDC; a user's webhook URL is that strategy's. */
export async function paperUsers(product: Product, prefix: string, count: number): Promise<BenchUser[]> {
  const users = await signUpMany(product, prefix, count, false);
  return Promise.all(
    users.map(async (user) => {
      const answer = await fetch(`${product.url}/api/strategies`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.session.token}` },
        body: JSON.stringify({ name: 'Paper BTC', venue: 'paper', paperBalance: 100_000 }),
      });
      const body = (await answer.json()) as { data?: { webhookUrl: string } };
      if (answer.status !== 201 || body.data === undefined) throw new Error(`creating a paper strategy answered ${answer.status}: ${JSON.stringify(body)}`);
      return { ...user, webhookUrl: body.data.webhookUrl };
    }),
  );
}

/**
 * Each paper alert of this run from its receipt (the log's received stage) to its fill: booked
 * durably (the executor's line after the append, in `stages`) and as the log row's filled stage says.
 */
export async function paperLatencies(
  origin: string,
  users: readonly BenchUser[],
  runId: string,
  stages: ReadonlyMap<string, { readonly paperFilled?: number }>,
): Promise<{ readonly durable: number[]; readonly filled: number[]; readonly notFilled: number }> {
  const durable: number[] = [];
  const filled: number[] = [];
  let notFilled = 0;
  for (const user of users) {
    const answer = await fetch(`${origin}/api/webhook-logs?limit=200`, { headers: { authorization: `Bearer ${user.session.token}` } });
    const logs = ((await answer.json()) as { data: { webhookLogId: string; payload: { id?: string }; stages: { received: string; filled: string | null } }[] })
      .data;
    for (const log of logs) {
      if (!String(log.payload?.id ?? '').startsWith(runId)) continue;
      const received = Date.parse(log.stages.received);
      const booked = stages.get(log.webhookLogId)?.paperFilled;
      if (log.stages.filled === null || booked === undefined) {
        notFilled += 1;
        continue;
      }
      filled.push(Date.parse(log.stages.filled) - received);
      durable.push(booked - received);
    }
  }
  return { durable, filled, notFilled };
}

/** p50 / p99 of a list of milliseconds, as the rows print them. */
export const p50p99 = (xs: readonly number[]): string => `${percentile([...xs], 50)} / ${percentile([...xs], 99)}`;
