import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A workspace package that is published to npm (not `private`). */
export interface PublishedPackage {
  /** e.g. `@prospectkit/server` */
  name: string;
  /** Its folder relative to the repository, e.g. `packages/server`. */
  dir: string;
  /** The version in its package.json. */
  version: string;
}

/**
 * The published packages of `packages/`, by name: those whose package.json is not `private`.
 *
 * @param root the repository
 * @example
 * publishedPackages('.').map((p) => p.name); // ['@prospectkit/client', '@prospectkit/mock', ...]
 */
export function publishedPackages(root: string): PublishedPackage[] {
  return readdirSync(join(root, 'packages'))
    .sort()
    .flatMap((folder) => {
      const dir = `packages/${folder}`;
      let json: { name: string; version: string; private?: boolean };
      try {
        json = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
      } catch {
        return [];
      }
      return json.private ? [] : [{ name: json.name, dir, version: json.version }];
    });
}
