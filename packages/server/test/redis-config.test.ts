import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('PROSPECTKIT_REDIS_URL', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['redis://127.0.0.1:6379', 'redis://127.0.0.1:6379'],
    ['rediss://user:secret@redis.example:6380/2', 'rediss://user:secret@redis.example:6380/2'],
  ])('%s gives %s', (raw, url) => {
    expect(loadConfig(raw === undefined ? {} : { PROSPECTKIT_REDIS_URL: raw }).redisUrl).toBe(url);
  });

  it.each(['127.0.0.1:6379', 'http://redis.example', 'not a url'])(
    'refuses %s, naming the variable',
    (raw) => {
      expect(() => loadConfig({ PROSPECTKIT_REDIS_URL: raw })).toThrow(ConfigError);
      expect(() => loadConfig({ PROSPECTKIT_REDIS_URL: raw })).toThrow(
        'PROSPECTKIT_REDIS_URL must be a redis:// or rediss:// URL',
      );
    },
  );
});
