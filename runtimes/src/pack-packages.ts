import { join } from 'node:path';
import { PUBLISHED_PACKAGES, type PublishedPackage, repoRoot } from './published-packages.js';
import { runOrThrow } from './run-command.js';

/** A package packed as `npm publish` would upload it. */
export interface PackedPackage {
  pkg: PublishedPackage;
  /** Absolute path of the .tgz. */
  tarball: string;
  /** Bytes of the tarball (gzip). */
  sizeBytes: number;
  /** Bytes of the files in it, unpacked: what the package itself adds to an install. */
  unpackedBytes: number;
  /** Paths inside the package, e.g. `dist/index.js`. */
  files: string[];
}

interface NpmPackJson {
  filename: string;
  size: number;
  unpackedSize: number;
  files: { path: string }[];
}

/** `npm pack`s each published package into `destination`, all at once (npm pack is mostly I/O and waiting). */
export async function packPackages(destination: string): Promise<PackedPackage[]> {
  return Promise.all(
    PUBLISHED_PACKAGES.map(async (pkg) => {
      const stdout = await runOrThrow('npm', ['pack', '--json', '--pack-destination', destination], {
        cwd: join(repoRoot, pkg.dir),
      });
      const [packed] = JSON.parse(stdout) as NpmPackJson[];
      if (packed === undefined) throw new Error(`[runtimes] npm pack printed no result for ${pkg.name}.`);
      return {
        pkg,
        tarball: join(destination, packed.filename),
        sizeBytes: packed.size,
        unpackedBytes: packed.unpackedSize,
        files: packed.files.map((file) => file.path),
      };
    }),
  );
}
