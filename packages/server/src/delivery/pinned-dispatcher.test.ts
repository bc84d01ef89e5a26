import type { LookupFunction } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createPinnedDispatcher } from './pinned-dispatcher.js';

function ask(lookup: LookupFunction, host: string, options: { all?: boolean; family?: number }) {
  return new Promise<{ error: NodeJS.ErrnoException | null; result: unknown }>((resolve) => {
    (
      lookup as (
        h: string,
        o: object,
        cb: (e: NodeJS.ErrnoException | null, a: unknown, f?: number) => void,
      ) => void
    )(host, options, (error, address, family) =>
      resolve({ error, result: options.all ? address : { address, family } }),
    );
  });
}

describe('createPinnedDispatcher', () => {
  it('answers lookups only with the pinned addresses, and refuses names never checked', async () => {
    const pool = createPinnedDispatcher();
    const { lookup } = pool;
    expect((await ask(lookup, 'hooks.example.com', { all: true })).error?.code).toBe('ENOTFOUND');
    pool.pin({
      url: 'https://hooks.example.com/',
      hostname: 'hooks.example.com',
      addresses: [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
      ],
    });
    expect((await ask(lookup, 'hooks.example.com', { all: true })).result).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
    ]);
    expect((await ask(lookup, 'hooks.example.com', {})).result).toEqual({
      address: '93.184.216.34',
      family: 4,
    });
    expect((await ask(lookup, 'hooks.example.com', { family: 6 })).result).toEqual({
      address: '2606:2800:220:1:248:1893:25c8:1946',
      family: 6,
    });
    expect((await ask(lookup, 'other.example.com', {})).error?.code).toBe('ENOTFOUND');
    await pool.close();
  });
});
