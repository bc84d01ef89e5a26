import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PackedPackage } from './pack-packages.js';
import { repoRoot } from './published-packages.js';
import type { CheckResult } from './results.js';
import { runOrThrow } from './run-command.js';

/**
 * Consumer-side packages, at the ranges the repository itself uses, so a bump there is tested here too. Not
 * @types/express: a consumer of @prospectkit/server must get the types its declarations use from the package.
 */
const CONSUMER_TOOLS = ['msw', 'typescript', '@types/node'];

function rootRange(name: string): string {
  const root = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  const range = root.devDependencies[name];
  if (range === undefined)
    throw new Error(`[runtimes] ${name} is not a devDependency of the root package.json.`);
  return `${name}@${range}`;
}

/**
 * Makes a project outside the workspace that installs the four tarballs like any user would (no workspace links,
 * no path aliases), plus msw, TypeScript and the types a Node consumer has, and copies the consumer scripts in.
 *
 * @returns the project's folder
 */
export async function createConsumerProject(parentDir: string, packed: PackedPackage[]): Promise<string> {
  const dir = join(parentDir, 'consumer');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'prospectkit-consumer', private: true, version: '0.0.0' }, null, 2)}\n`,
  );
  cpSync(join(repoRoot, 'runtimes', 'consumer'), dir, { recursive: true });
  await runOrThrow(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      ...packed.map((p) => p.tarball),
      ...CONSUMER_TOOLS.map(rootRange),
    ],
    { cwd: dir, timeoutMs: 300_000 },
  );
  return dir;
}

/**
 * Checks that every @prospectkit package in the consumer came from a tarball of this run: npm satisfies the
 * server's and the mock's dependency on `@prospectkit/webhooks@0.1.0` with the local tarball, never the registry.
 */
export function checkProvenance(consumerDir: string): CheckResult[] {
  const lock = JSON.parse(readFileSync(join(consumerDir, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { resolved?: string }>;
  };
  const prospectkit = Object.entries(lock.packages).filter(([path]) =>
    /node_modules\/@prospectkit\//.test(path),
  );
  return ['client', 'webhooks', 'server', 'mock'].map((pkg) => {
    const copies = prospectkit.filter(([path]) => path.endsWith(`@prospectkit/${pkg}`));
    const fromTarball = copies.every(
      ([, meta]) => meta.resolved?.startsWith('file:') && meta.resolved.endsWith('.tgz'),
    );
    return {
      runtime: 'npm',
      pkg,
      check: 'installed from its tarball, once',
      pass: copies.length === 1 && fromTarball,
      detail: copies.map(([path, meta]) => `${path} <- ${meta.resolved}`).join(', '),
    };
  });
}
