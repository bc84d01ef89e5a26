import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  PROSPECTKIT_PUBLIC_URL: 'https://api.example.com',
  PROSPECTKIT_TRUST_PROXY: '1',
};

describe('configuration of a production start', () => {
  it.each([
    [
      'no PROSPECTKIT_PUBLIC_URL',
      { PROSPECTKIT_PUBLIC_URL: undefined },
      /PROSPECTKIT_PUBLIC_URL is required/,
    ],
    ['an empty PROSPECTKIT_PUBLIC_URL', { PROSPECTKIT_PUBLIC_URL: '' }, /PROSPECTKIT_PUBLIC_URL is required/],
    [
      'an http PROSPECTKIT_PUBLIC_URL',
      { PROSPECTKIT_PUBLIC_URL: 'http://api.example.com' },
      /PROSPECTKIT_PUBLIC_URL must be an https origin in production/,
    ],
    [
      'an https PROSPECTKIT_PUBLIC_URL without PROSPECTKIT_TRUST_PROXY',
      { PROSPECTKIT_TRUST_PROXY: undefined },
      /PROSPECTKIT_TRUST_PROXY must be set/,
    ],
  ])('refuses %s, naming the variable', (_name, change, message) => {
    const attempt = () => loadConfig({ ...PRODUCTION, ...change });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(message);
  });

  it('starts with an https public origin behind a trusted proxy', () => {
    const config = loadConfig(PRODUCTION);
    expect([config.publicUrl, config.trustProxy]).toEqual(['https://api.example.com', 1]);
  });

  it('refuses an https public origin without PROSPECTKIT_TRUST_PROXY outside production too', () => {
    expect(() => loadConfig({ PROSPECTKIT_PUBLIC_URL: 'https://tunnel.example.com' })).toThrow(
      /PROSPECTKIT_TRUST_PROXY must be set/,
    );
  });

  it('keeps development easy: no public origin needed, links follow the request', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PROSPECTKIT_PUBLIC_URL: 'http://localhost:3000' }).publicUrl).toBe(
      'http://localhost:3000',
    );
  });
});
