/** `info.version` of the contract: the first `version:` line indented under `info:`. */
const INFO_VERSION = /^(info:\n(?:[ \t].*\n|\n)*? {2}version: )(.+)$/m;
/** An `x-behaviour-changed` entry not yet given its version (docs/versioning.md). */
const UNRELEASED = /(["'])unreleased: /g;

/** The `info.version` of a contract's YAML text, or `undefined` when it has none. */
export function contractVersion(yaml: string): string | undefined {
  return INFO_VERSION.exec(yaml)?.[2]
    ?.trim()
    .replace(/^["']|["']$/g, '');
}

/**
 * The contract's text for a release of `@prospectkit/server` at `version`: `info.version` set to it, and every
 * `x-behaviour-changed` entry written `"unreleased: ..."` given the version (`"0.3.0: ..."`). Edits the text
 * in place, so the hand-written file keeps its comments and line breaks.
 *
 * @param yaml openapi/openapi.yaml's text
 * @param version the server's new version, e.g. `0.2.0`
 * @throws {Error} when the text has no `info.version`
 * @example
 * syncContractVersion('info:\n  title: T\n  version: 0.1.0\n', '0.2.0'); // 'info:\n  title: T\n  version: 0.2.0\n'
 */
export function syncContractVersion(yaml: string, version: string): string {
  if (!INFO_VERSION.test(yaml)) throw new Error('Failed to find info.version in the contract.');
  return yaml.replace(INFO_VERSION, `$1${version}`).replace(UNRELEASED, `$1${version}: `);
}
