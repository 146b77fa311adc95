import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RawEventEnvelope } from '../../envelope.js';

/** One event of the stored corpus: where it was appended and the envelope as an older build wrote it. */
export interface StoredEvent {
  /** `<file>:<line>`, for failure messages. */
  readonly source: string;
  readonly streamId: string;
  readonly envelope: RawEventEnvelope;
}

/** The corpus folder: NDJSON files, one per build that changed an event schema. */
export const STORED_EVENTS_DIR = fileURLToPath(new URL('..', import.meta.url));

/**
 * Every stored event of the corpus in log order: files by name (their numbers follow the builds),
 * lines in order. Each line is `{stream, type, v, data}`; the envelope is all but `stream`.
 */
export function readStoredEvents(dir: string = STORED_EVENTS_DIR): StoredEvent[] {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.ndjson'))
    .sort();
  return files.flatMap((file) =>
    readFileSync(`${dir}/${file}`, 'utf8')
      .split('\n')
      .map((text, index) => ({ text, source: `${file}:${index + 1}` }))
      .filter(({ text }) => text.trim() !== '')
      .map(({ text, source }) => {
        const { stream, ...envelope } = JSON.parse(text) as { stream: string } & RawEventEnvelope;
        return { source, streamId: stream, envelope };
      }),
  );
}

/** The committed fingerprints, by `type@v`: see schemaFingerprints.json and the README beside it. */
export function readSchemaFingerprints(dir: string = STORED_EVENTS_DIR): Record<string, string> {
  return JSON.parse(readFileSync(`${dir}/schemaFingerprints.json`, 'utf8')) as Record<string, string>;
}
