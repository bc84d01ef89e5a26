import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('PROSPECTKIT_ADMIN_PASSWORD', () => {
  it.each([
    ['one character', 'a'],
    ['14 characters', 'abcdefghijklmn'],
    ['15 spaces', ' '.repeat(15)],
  ])('refuses a password of %s, naming the variable but not the value', (_name, password) => {
    const attempt = () => loadConfig({ PROSPECTKIT_ADMIN_PASSWORD: password });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PROSPECTKIT_ADMIN_PASSWORD must be at least 15 characters/);
    try {
      attempt();
    } catch (error) {
      if (password.trim().length > 3) expect((error as Error).message).not.toContain(password);
    }
  });

  it('accepts a passphrase of 15 characters or more, and no password at all', () => {
    expect(loadConfig({ PROSPECTKIT_ADMIN_PASSWORD: 'correct horse battery staple' }).adminPassword).toBe(
      'correct horse battery staple',
    );
    expect(loadConfig({}).adminPassword).toBeUndefined();
  });
});
