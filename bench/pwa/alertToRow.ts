import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import WebSocket from 'ws';
import { VIEWPORTS } from '../../tests/browser/support/chromium.js';
import { PAGE_NOW, PAGE_OBSERVER } from './pageObserver.js';
import { signIn, storeSessionScript, type BenchUser } from './users.js';

/** The bench's clock: wall-clock origin + monotonic time, ms (the page's is mapped onto it). */
export const benchNow = () => performance.timeOrigin + performance.now();

/** One alert's timeline, every time on the bench's clock (ms). */
export type AlertSample = {
  readonly user: number;
  readonly n: number;
  readonly sentAt: number;
  logId?: string;
  ackedAt?: number;
  answer?: number;
  /** The `change` messages of its log on a Node WebSocket of the same user (diagnostic, no browser). */
  wsFirstAt?: number;
  wsSettledAt?: number;
  /** The product's own stage stamps of the settled log (wall clock, 1 ms; the same machine's clock as the bench's). */
  stages?: Record<string, string | null>;
  executedAt?: string;
  /** In the user's dashboard page: the row appeared / its badge read "Executed" or "Failed" (DOM), and the next frame. */
  rowAt?: number;
  rowFrameAt?: number;
  settledAt?: number;
  settledFrameAt?: number;
  settledStatus?: string;
};

type Viewer = { context: BrowserContext; page: Page; socket: WebSocket; offset: number; calibrationRtt: number };

/** How the page's clock relates to the bench's: the evaluation with the shortest round trip wins. */
async function clockOffset(page: Page): Promise<{ offset: number; rtt: number }> {
  let best = { offset: 0, rtt: Number.POSITIVE_INFINITY };
  for (let i = 0; i < 30; i += 1) {
    const before = benchNow();
    const pageTime = (await page.evaluate(PAGE_NOW)) as number;
    const after = benchNow();
    if (after - before < best.rtt) best = { offset: pageTime - (before + after) / 2, rtt: after - before };
  }
  return best;
}

/** What the run hands back: the samples plus what the pages and clocks looked like. */
export type AlertRun = {
  readonly samples: AlertSample[];
  readonly warmup: AlertSample[];
  readonly clock: { offsetsMs: number[]; calibrationRttMs: number[]; driftMs: number[] };
  readonly visibility: string[];
  readonly achievedRate: number;
  readonly sendLagP99: number;
};

/**
 * Alert POST → its row reading "Executed" in an open dashboard. Each user has a Chromium page on
 * /dashboard?tab=logs (its own context and session, the observer of pageObserver.ts) and, as a
 * diagnostic, a Node WebSocket on /api/live. Alerts go out open-loop at `rate`/s, round-robin
 * over the users, as TradingView sends them (text/plain JSON, a unique `id` so none is a re-delivery).
 */
export async function runAlerts(
  browser: Browser,
  base: string,
  users: readonly BenchUser[],
  options: { alerts: number; rate: number; warmupPerUser: number; waitMs: number },
): Promise<AlertRun> {
  const byLogId = new Map<string, AlertSample>();
  // Page reports can arrive before the webhook's answer names the log id: kept until then.
  const early = new Map<string, { kind: string; status: string; at: number; frame: number; viewer: number }[]>();
  const viewers: Viewer[] = [];
  const applyPage = (sample: AlertSample, viewer: Viewer, kind: string, status: string, at: number, frame: number) => {
    if (kind === 'appeared' && sample.rowAt === undefined) {
      sample.rowAt = at - viewer.offset;
      sample.rowFrameAt = frame - viewer.offset;
    } else if (kind === 'settled' && sample.settledAt === undefined) {
      sample.settledAt = at - viewer.offset;
      sample.settledFrameAt = frame - viewer.offset;
      sample.settledStatus = status;
    }
  };

  for (const [index, user] of users.entries()) {
    const session = await signIn(base, user);
    const context = await browser.newContext(VIEWPORTS.desktop);
    await context.addInitScript({ content: storeSessionScript(session) });
    await context.addInitScript({ content: PAGE_OBSERVER });
    const page = await context.newPage();
    await page.exposeFunction('__benchRow', (kind: string, id: string, status: string, at: number, frame: number) => {
      const viewer = viewers[index]!;
      const sample = byLogId.get(id);
      if (sample !== undefined) applyPage(sample, viewer, kind, status, at, frame);
      else early.set(id, [...(early.get(id) ?? []), { kind, status, at, frame, viewer: index }]);
    });
    await page.goto(`${base}/dashboard?tab=logs`);
    await page.getByRole('status').filter({ hasText: 'Live' }).first().waitFor({ timeout: 30_000 });
    await page.getByText('recent signals').first().waitFor({ timeout: 30_000 });
    const socket = await openLiveSocket(base, session.token, (doc, at) => {
      const sample = byLogId.get(doc.webhookLogId ?? '');
      if (sample === undefined) return;
      sample.wsFirstAt ??= at;
      if ((doc.status === 'executed' || doc.status === 'failed') && sample.wsSettledAt === undefined) {
        sample.wsSettledAt = at;
        sample.stages = doc.stages;
        sample.executedAt = doc.executedAt;
      }
    });
    viewers.push({ context, page, socket, offset: 0, calibrationRtt: 0 });
  }
  const calibrate = async () => {
    for (const viewer of viewers) {
      const { offset, rtt } = await clockOffset(viewer.page);
      viewer.offset = offset;
      viewer.calibrationRtt = rtt;
    }
  };
  await calibrate();

  const post = async (user: number, n: number, id: string): Promise<AlertSample> => {
    const body = JSON.stringify({ symbol: 'BTCUSDT', action: Math.floor(n / users.length) % 2 === 0 ? 'buy' : 'sell', size: 20, id });
    const sample: AlertSample = { user, n, sentAt: benchNow() };
    const answer = await fetch(users[user]!.webhookUrl, { method: 'POST', headers: { 'content-type': 'text/plain' }, body });
    const text = await answer.text();
    sample.ackedAt = benchNow();
    sample.answer = answer.status;
    if (answer.status !== 200) throw new Error(`webhook answered ${answer.status}: ${text}`);
    const logId = (JSON.parse(text) as { data: { logId: string } }).data.logId;
    sample.logId = logId;
    byLogId.set(logId, sample);
    for (const report of early.get(logId) ?? []) applyPage(sample, viewers[report.viewer]!, report.kind, report.status, report.at, report.frame);
    early.delete(logId);
    return sample;
  };
  const settled = async (samples: readonly AlertSample[], waitMs: number) => {
    const until = performance.now() + waitMs;
    while (performance.now() < until && samples.some((s) => s.settledAt === undefined || s.wsSettledAt === undefined)) await sleep(50);
  };

  const runId = Date.now().toString(36);
  // Warm-up, not measured: the first orders load the exchange's metadata and warm every path.
  const warmup: AlertSample[] = [];
  for (let k = 0; k < options.warmupPerUser; k += 1) {
    warmup.push(...(await Promise.all(users.map((_, user) => post(user, -1 - k, `pwa-${runId}-warm-${user}-${k}`)))));
    await settled(warmup, options.waitMs);
  }
  await sleep(500);

  const pending: Promise<AlertSample>[] = [];
  const lags: number[] = [];
  const start = performance.now();
  for (let n = 0; n < options.alerts; n += 1) {
    const due = start + (n * 1000) / options.rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    lags.push(performance.now() - due);
    pending.push(post(n % users.length, n, `pwa-${runId}-${n}`));
  }
  const samples = await Promise.all(pending);
  const achievedRate = options.alerts / ((performance.now() - start) / 1000);
  await settled(samples, options.waitMs);

  const offsetsBefore = viewers.map((v) => v.offset);
  const rtts = viewers.map((v) => v.calibrationRtt);
  await calibrate();
  const visibility = await Promise.all(viewers.map((v) => v.page.evaluate('document.visibilityState') as Promise<string>));
  for (const viewer of viewers) {
    viewer.socket.close();
    await viewer.context.close();
  }
  lags.sort((a, b) => a - b);
  return {
    samples,
    warmup,
    clock: { offsetsMs: offsetsBefore, calibrationRttMs: rtts, driftMs: viewers.map((v, i) => v.offset - offsetsBefore[i]!) },
    visibility,
    achievedRate,
    sendLagP99: lags[Math.min(lags.length - 1, Math.ceil(0.99 * lags.length) - 1)] ?? 0,
  };
}

/** The fields of a webhook-log document the bench reads. */
type LogDoc = { webhookLogId?: string; status?: string; stages?: Record<string, string | null>; executedAt?: string };

/** The user's /api/live socket as the PWA opens it (`bearer, <token>` subprotocol); calls back per webhook-log change. */
function openLiveSocket(base: string, token: string, onLog: (doc: LogDoc, at: number) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/live`, ['bearer', token]);
    socket.once('error', reject);
    socket.on('message', (raw) => {
      const at = benchNow();
      const text = raw.toString();
      if (text === 'pong') return;
      const message = JSON.parse(text) as { type: string; collection?: string; id?: string; doc?: LogDoc | null };
      if (message.type === 'resync') return resolve(socket);
      if (message.type !== 'change' || message.collection !== 'webhookLogs' || message.doc == null) return;
      onLog({ ...message.doc, webhookLogId: message.doc.webhookLogId ?? message.id }, at);
    });
  });
}
