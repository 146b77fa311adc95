import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, globalAgent } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One request the push service received. */
export type ReceivedPush = { readonly path: string; readonly headers: IncomingHttpHeaders; readonly body: Buffer };

/** A push service on loopback. */
export interface LocalPushService {
  /** `https://127.0.0.1:<port>`: subscription endpoints are `${origin}/<path>` (its certificate also names localhost, a host name resolving to loopback). */
  readonly origin: string;
  readonly received: ReceivedPush[];
  /** Its self-signed certificate (PEM): another process trusts it with NODE_EXTRA_CA_CERTS. */
  readonly certificateFile: string;
  /** The requests sent to one endpoint path. */
  to(path: string): ReceivedPush[];
  /** TCP connections accepted so far, TLS handshake or not: "never contacted" means this did not grow. */
  connections(): number;
  close(): Promise<void>;
}

/**
 * Starts an HTTPS push service on 127.0.0.1 with a fresh self-signed certificate that this process
 * trusts (through the default HTTPS agent, which web-push uses): push endpoints are always https,
 * and the gateway's notifier is wired without a test agent. It records every request and answers
 * `statusFor(path)` (201 Created, as real push services do, unless told otherwise). Being on
 * loopback, it is contacted only with private targets allowed (HYPERHOOK_NOTIFY_ALLOW_PRIVATE_TARGETS).
 */
export async function startLocalPushService(statusFor: (path: string) => number = () => 201): Promise<LocalPushService> {
  const dir = mkdtempSync(join(tmpdir(), 'hyperhook-push-service-'));
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  const certificate = readFileSync(cert);
  const received: ReceivedPush[] = [];
  const server = createServer({ key: readFileSync(key), cert: certificate }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statusFor(path);
      res.end();
    });
  });
  let connections = 0;
  server.on('connection', () => void (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const previousCa = globalAgent.options.ca;
  globalAgent.options.ca = certificate;
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    certificateFile: cert,
    to: (path) => received.filter((push) => push.path === path),
    connections: () => connections,
    close: async () => {
      globalAgent.options.ca = previousCa;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
