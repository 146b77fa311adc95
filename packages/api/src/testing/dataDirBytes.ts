import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every file under `dir` (SQLite's -wal and -shm included), by path relative to `dir`, as raw bytes. */
export function readDataDirBytes(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path), readFileSync(path));
  }
  return files;
}

/** The ways a 32-byte hex private key could sit in a file or a log line. */
export function privateKeyForms(privateKey: string): { readonly name: string; readonly bytes: Buffer }[] {
  const hex = privateKey.replace(/^0x/i, '').toLowerCase();
  const raw = Buffer.from(hex, 'hex');
  if (raw.length !== 32) throw new Error('expected a 32-byte hex private key');
  const texts: [string, string][] = [
    ['hex', hex],
    ['0x hex', `0x${hex}`],
    ['HEX', hex.toUpperCase()],
    ['0x HEX', `0x${hex.toUpperCase()}`],
    ['0X HEX', `0X${hex.toUpperCase()}`],
    ['base64', raw.toString('base64')],
  ];
  return [...texts.map(([name, text]) => ({ name, bytes: Buffer.from(text, 'utf8') })), { name: 'raw 32 bytes', bytes: raw }];
}

/** `<where>: <form>` for every form found in any of the sources; empty when none leaks. */
export function findForms(sources: ReadonlyMap<string, Buffer>, forms: readonly { readonly name: string; readonly bytes: Buffer }[]): string[] {
  const found: string[] = [];
  for (const [where, bytes] of sources) for (const form of forms) if (bytes.includes(form.bytes)) found.push(`${where}: ${form.name}`);
  return found;
}
