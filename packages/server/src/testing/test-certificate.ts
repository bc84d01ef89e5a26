import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** A self-signed certificate and its key, PEM; the certificate is also the CA a client trusts. */
export interface TestCertificate {
  /** The self-signed certificate for `localhost`, `127.0.0.1`, `127.0.0.2` and `::1`, PEM; trust it as a CA. */
  cert: string;
  /** Its private key, PEM. Only for tests. */
  key: string;
}

let cached: Promise<TestCertificate> | undefined;

/**
 * A self-signed P-256 certificate for `localhost`, `127.0.0.1`, `127.0.0.2` and `::1`, valid for two days, made
 * with the `openssl` command once per process. Trust it per client (the worker's `tls.ca`, or
 * `NODE_EXTRA_CA_CERTS` for a child process); never by turning TLS verification off.
 *
 * @throws {Error} when `openssl` is not installed, saying so
 * @example
 * const { cert, key } = await createTestCertificate();
 */
export function createTestCertificate(): Promise<TestCertificate> {
  cached ??= generate();
  return cached;
}

async function generate(): Promise<TestCertificate> {
  const dir = await mkdtemp(join(tmpdir(), 'pk-cert-'));
  try {
    await promisify(execFile)('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:127.0.0.2,IP:::1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ]).catch((error: NodeJS.ErrnoException) => {
      throw new Error(
        error.code === 'ENOENT'
          ? 'createTestCertificate needs the openssl command. Install OpenSSL, or pass your own certificate.'
          : `openssl could not make a test certificate: ${error.message}`,
      );
    });
    const [cert, key] = await Promise.all([
      readFile(join(dir, 'cert.pem'), 'utf8'),
      readFile(join(dir, 'key.pem'), 'utf8'),
    ]);
    return { cert, key };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
