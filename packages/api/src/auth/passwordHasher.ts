import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of @node-rs/argon2 (an ambient const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

/**
 * argon2id with the OWASP baseline (m = 19 MiB, t = 2, p = 1): about 15 ms per hash on the build
 * machine (toolchain.md §10), run on the libuv pool so it does not block the event loop.
 */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password into a self-describing `$argon2id$…` string. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** True when `password` matches `passwordHash`; a malformed hash never matches. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a fixed hash of a random password: login calls it when the email is unknown
 * (or has no password), so an unknown email costs the same time as a wrong password and response
 * timing cannot tell which emails have accounts.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}-${Date.now()}`);
  await verifyPassword(await dummyHash, password);
  return false;
}
