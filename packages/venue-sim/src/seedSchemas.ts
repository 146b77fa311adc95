/**
 * Validation of externally supplied seeds (control API bodies, seed files): a system test that
 * posts a typo must get a clear 400, not a half-seeded account.
 */
import { z } from 'zod';

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

/** {@link SimAgentSeed}. */
export const SimAgentSeedSchema = z.object({
  address,
  name: z.string().min(1).max(16).optional(),
  validUntil: z.number().int().positive().optional(),
});

/** {@link SimAccountSeed}. */
export const SimAccountSeedSchema = z.object({
  address,
  usdc: z.number().finite().nonnegative(),
  spotUsdc: z.number().finite().nonnegative().optional(),
  agents: z.array(SimAgentSeedSchema).optional(),
});

/** {@link SimSubAccountSeed}; also the body of POST /control/sub-account. */
export const SimSubAccountSeedSchema = z.object({
  master: address,
  address,
  name: z.string().min(1).max(16),
  usdc: z.number().finite().nonnegative().optional(),
});

/** Body of POST /control/credit. */
export const CreditBodySchema = z.object({ address, usdc: z.number().finite().positive() });

/** {@link SimAsset}. */
export const SimAssetSchema = z.object({
  name: z.string().min(1),
  szDecimals: z.number().int().min(0).max(6),
  maxLeverage: z.number().int().min(1),
  markPx: z.number().positive().finite(),
  onlyIsolated: z.boolean().optional(),
});

/** {@link SimBookDepth}; also the body of POST /control/book-depth. */
export const SimBookDepthSchema = z.object({
  coin: z.string().min(1),
  levelSz: z.number().positive().finite().nullable(),
  levels: z.number().int().min(1).max(20).optional(),
});

/** Body of POST /control/mark. */
export const MarkBodySchema = z.object({ coin: z.string(), px: z.number().positive().finite() });

/** Body of POST /control/funding: a coin's hourly funding rate, signed (a positive rate has longs pay). */
export const FundingBodySchema = z.object({ coin: z.string(), rate: z.number().finite().gt(-1).lt(1) });

/** A seed file for `hyperhook sim` (every field optional). */
export const SimSeedFileSchema = z.object({
  network: z.enum(['testnet', 'mainnet']).optional(),
  seed: z.number().int().optional(),
  assets: z.array(SimAssetSchema).min(1).optional(),
  accounts: z.array(SimAccountSeedSchema).optional(),
  subAccounts: z.array(SimSubAccountSeedSchema).optional(),
  books: z.array(SimBookDepthSchema).optional(),
  priceTickMs: z.number().int().positive().nullable().optional(),
  strictIntegerSigFigs: z.boolean().optional(),
});

/** Parsed seed file. */
export type SimSeedFile = z.infer<typeof SimSeedFileSchema>;
