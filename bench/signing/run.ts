// Signing benchmark (diagnostic: one part, in one process): `npm run bench -- signing`.
// What each order costs to sign in the executor and to check in the simulator, per implementation.
// Prints a markdown table and writes bench/results/signing.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashTypedData } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { accountFromPrivateKey } from '../../packages/hyperliquid/src/client/signerAccount.js';
import { loadNativeSecp256k1, nobleSecp256k1, type Secp256k1 } from '../../packages/hyperliquid/src/crypto/secp256k1.js';
import { AGENT_TYPES, L1_DOMAIN, l1AgentDigest } from '../../packages/hyperliquid/src/crypto/typedDataDigest.js';

const quick = process.argv.includes('--quick');
const n = quick ? 300 : 2_000;
const KEY = `0x${'4c'.repeat(32)}` as const;
const keyBytes = Uint8Array.from(Buffer.from(KEY.slice(2), 'hex'));
const connectionIds = Array.from({ length: n }, (_, i) => `0x${i.toString(16).padStart(64, '0')}` as const);
const digests = connectionIds.map((id) => l1AgentDigest('a', id));

/** Mean microseconds per call over n calls, after n/10 calls of warm-up. */
async function perCall(call: (i: number) => unknown): Promise<number> {
  for (let i = 0; i < n / 10; i++) await call(i);
  const start = performance.now();
  for (let i = 0; i < n; i++) await call(i);
  return Number((((performance.now() - start) / n) * 1000).toFixed(1));
}

const native = loadNativeSecp256k1();
const backends: Secp256k1[] = [...(native ? [native] : []), nobleSecp256k1];
const rows: Record<string, string | number>[] = [];
/** Every row times one part of an order's path in this process, not the product: its name says so. */
const DIAGNOSTIC = 'diagnostic, one part: ';
for (const curve of backends) {
  const signatures = digests.map((digest) => curve.sign(digest, keyBytes));
  rows.push({ operation: `${DIAGNOSTIC}sign a digest (${curve.backend})`, 'µs per call': await perCall((i) => curve.sign(digests[i]!, keyBytes)) });
  rows.push({
    operation: `${DIAGNOSTIC}recover the signer's public key (${curve.backend}; the simulator, per order)`,
    'µs per call': await perCall((i) => curve.recover(digests[i]!, signatures[i]!)),
  });
}
rows.push({
  operation: `${DIAGNOSTIC}phantom-agent digest, three Keccak hashes (l1AgentDigest)`,
  'µs per call': await perCall((i) => l1AgentDigest('a', connectionIds[i]!)),
});
rows.push({
  operation: `${DIAGNOSTIC}phantom-agent digest, viem's hashTypedData`,
  'µs per call': await perCall((i) =>
    hashTypedData({ domain: L1_DOMAIN, types: AGENT_TYPES, primaryType: 'Agent', message: { source: 'a', connectionId: connectionIds[i]! } }),
  ),
});
const ours = accountFromPrivateKey(KEY);
const viem = privateKeyToAccount(KEY);
const agent = (i: number) => ({
  domain: L1_DOMAIN,
  types: AGENT_TYPES,
  primaryType: 'Agent' as const,
  message: { source: 'a', connectionId: connectionIds[i]! },
});
rows.push({
  operation: `${DIAGNOSTIC}sign an order's phantom agent, the executor's account (accountFromPrivateKey)`,
  'µs per call': await perCall((i) => ours.signTypedData(agent(i))),
});
rows.push({
  operation: `${DIAGNOSTIC}sign an order's phantom agent, viem's privateKeyToAccount`,
  'µs per call': await perCall((i) => viem.signTypedData(agent(i))),
});

const machine = `${cpus().length} cores, load average ${loadavg()[0]!.toFixed(2)}, Node ${process.versions.node}`;
console.log(`${machine}, ${n} calls each\n`);
console.log('| operation | µs per call |\n|---|---:|');
for (const row of rows) console.log(`| ${row.operation} | ${row['µs per call']} |`);
const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'results', 'signing.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify({ machine, calls: n, rows }, null, 2));
