import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import chromium from '@sparticuz/chromium';
import lockfile from 'proper-lockfile';

// The package exports no `./package.json`; it sits two folders above the entry point.
const require = createRequire(import.meta.url);
const { version } = require(join(dirname(require.resolve('@sparticuz/chromium')), '../../package.json')) as {
  version: string;
};

/** Where a launched npm Chromium finds its fonts: `@sparticuz/chromium` unpacks them beside the binary. */
export const NPM_CHROMIUM_FONTS = (): string => join(tmpdir(), 'fonts');

/**
 * The Chromium binary the browser tests drive.
 *
 * `CHROMIUM_PATH`, when set, wins and must name an existing file. Otherwise the Chromium that npm installs inside
 * `@sparticuz/chromium` is unpacked once into the temporary directory (about 2 s, then reused). Unpacking holds a
 * lock, so test files starting at the same time never launch a half-written binary, and a marker written only after
 * a complete unpack makes a run killed mid-unpack start again instead of reusing a broken file.
 *
 * @returns the absolute path of the binary and whether it is the npm one (`source: 'npm'`) or `CHROMIUM_PATH`.
 * @throws Error when `CHROMIUM_PATH` names a missing file, or when the package's archive cannot be unpacked.
 * @example
 * const { path } = await chromiumExecutable();
 */
export async function chromiumExecutable(): Promise<{ path: string; source: 'npm' | 'CHROMIUM_PATH' }> {
  const override = process.env.CHROMIUM_PATH;
  if (override) {
    if (!existsSync(override)) {
      throw new Error(
        `[browser-testing] Failed to find Chromium: CHROMIUM_PATH=${override} does not exist. Please unset ` +
          'CHROMIUM_PATH to use the Chromium that npm installs with @sparticuz/chromium, or point it at a binary.',
      );
    }
    return { path: override, source: 'CHROMIUM_PATH' };
  }
  const binary = join(tmpdir(), 'chromium');
  const ready = join(tmpdir(), `prospectkit-chromium-${version}.ready`);
  const release = await lockfile.lock(tmpdir(), {
    lockfilePath: join(tmpdir(), `prospectkit-chromium-${version}.lock`),
    realpath: false,
    stale: 30_000,
    retries: { retries: 240, minTimeout: 250, maxTimeout: 500 },
  });
  try {
    if (!(existsSync(ready) && existsSync(binary))) {
      // A binary without the marker is a partial unpack, or another version's: @sparticuz/chromium would reuse it.
      await rm(binary, { force: true });
      await chromium.executablePath();
      await writeFile(ready, `${version}\n`);
    }
  } finally {
    await release();
  }
  return { path: binary, source: 'npm' };
}
