import type { FastifyInstance } from 'fastify';

/** One sample line of the Prometheus text format. */
export interface MetricSample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

/** The samples of a Prometheus text exposition (HELP and TYPE lines skipped). */
export function parseMetrics(text: string): MetricSample[] {
  const samples: MetricSample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match === null) continue;
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1] as string] = pair[2] as string;
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

/** GET /metrics, parsed. */
export async function scrapeMetrics(app: FastifyInstance): Promise<MetricSample[]> {
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  if (res.statusCode !== 200) throw new Error(`/metrics answered ${res.statusCode}`);
  return parseMetrics(res.body);
}

/**
 * The value of the one sample named `name` whose labels include `labels`; 0 when no sample
 * matches (a labelled counter has no line until first incremented). More than one match is an error.
 */
export function metricValue(samples: readonly MetricSample[], name: string, labels: Readonly<Record<string, string>> = {}): number {
  const matching = samples.filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value));
  if (matching.length > 1) throw new Error(`${matching.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return matching[0]?.value ?? 0;
}
