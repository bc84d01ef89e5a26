import { fileURLToPath } from 'node:url';

/** The repository root (this file is runtimes/src/published-packages.ts). */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** One published package: its name, its workspace folder, and the inputs its dist/ is built from. */
export interface PublishedPackage {
  name: string;
  /** Short name for the matrix. */
  short: 'client' | 'webhooks' | 'server' | 'mock';
  /** Workspace folder, relative to the repository root. */
  dir: string;
  /** Folders and files whose changes make dist/ stale, relative to the repository root. */
  inputs: string[];
}

const own = (dir: string) => [`${dir}/src`, `${dir}/package.json`, `${dir}/tsdown.config.ts`];

/** The four packages on the npm registry; packages/core is bundled into server and mock, so it is an input. */
export const PUBLISHED_PACKAGES: PublishedPackage[] = [
  { name: '@prospectkit/client', short: 'client', dir: 'packages/client', inputs: own('packages/client') },
  {
    name: '@prospectkit/webhooks',
    short: 'webhooks',
    dir: 'packages/webhooks',
    inputs: own('packages/webhooks'),
  },
  {
    name: '@prospectkit/server',
    short: 'server',
    dir: 'packages/server',
    inputs: [...own('packages/server'), 'packages/core/src', 'openapi/openapi.yaml'],
  },
  {
    name: '@prospectkit/mock',
    short: 'mock',
    dir: 'packages/mock',
    inputs: [...own('packages/mock'), 'packages/core/src'],
  },
];
