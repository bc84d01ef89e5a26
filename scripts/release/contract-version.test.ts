import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contractVersion, syncContractVersion } from './sync-contract-version.js';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('the contract version', () => {
  it("openapi.yaml's info.version is the server package's version (the release script keeps them equal)", () => {
    const server = JSON.parse(read('packages/server/package.json')) as { version: string };
    expect(contractVersion(read('openapi/openapi.yaml'))).toBe(server.version);
  });

  it('syncContractVersion sets info.version and dates the unreleased behaviour changes, nothing else', () => {
    const yaml = [
      'openapi: 3.1.0',
      'info:',
      '  title: T',
      '  description: |',
      '    version: 9.9.9 in a description is text.',
      '',
      '  version: 0.1.0',
      'components:',
      '  schemas:',
      '    A:',
      '      version: 7',
      '      x-behaviour-changed:',
      '        - "0.1.0: older"',
      '        - "unreleased: newer"',
      '',
    ].join('\n');
    const synced = syncContractVersion(yaml, '0.2.0');
    expect(synced.split('\n').filter((line, i) => line !== yaml.split('\n')[i])).toEqual([
      '  version: 0.2.0',
      '        - "0.2.0: newer"',
    ]);
    expect(contractVersion(synced)).toBe('0.2.0');
    expect(syncContractVersion(synced, '0.2.0')).toBe(synced);
  });

  it('refuses a contract without info.version', () => {
    expect(() => syncContractVersion('openapi: 3.1.0\n', '1.0.0')).toThrow('info.version');
  });
});
