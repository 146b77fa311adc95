/**
 * Loads a JSON seed file for a simulator started as its own process (`hyperhook sim --seed-file`):
 * `{ network?, seed?, assets?, accounts?, subAccounts?, books?, priceTickMs?, strictIntegerSigFigs? }`.
 * Usage: `startSimulator({ ...(await loadSimSeed(path)), port })`.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { SimSeedFileSchema } from './seedSchemas.js';
import type { SimulatorOptions } from './types.js';

/** Validates an already-parsed seed object; throws with a readable message when it is wrong. */
export function parseSimSeed(json: unknown): SimulatorOptions {
  const r = SimSeedFileSchema.safeParse(json);
  if (!r.success) throw new Error(`invalid simulator seed: ${z.prettifyError(r.error)}`);
  const { priceTickMs, ...rest } = r.data;
  return priceTickMs === undefined ? rest : { ...rest, priceTickMs };
}

/** Reads and validates a seed file. */
export async function loadSimSeed(path: string): Promise<SimulatorOptions> {
  return parseSimSeed(JSON.parse(await readFile(path, 'utf8')) as unknown);
}
