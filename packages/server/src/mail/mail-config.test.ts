import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_QUOTA } from '../store/mail-quota.js';
import { DEFAULT_EMAIL_HTML_LIMITS } from './cut-email-html.js';
import { DEFAULT_MAX_MESSAGE_BYTES, loadMailConfig } from './mail-config.js';
import { DEFAULT_MAIL_THREADS } from './mail-workers.js';
import { DEFAULT_SMTP_LIMITS } from './smtp-limits.js';

describe('loadMailConfig', () => {
  it.each<[string, { env: NodeJS.ProcessEnv; port: number | undefined }]>([
    ['development: on at 2525', { env: {}, port: 2525 }],
    ['production: off unless set', { env: { NODE_ENV: 'production' }, port: undefined }],
    ['test: off unless set', { env: { NODE_ENV: 'test' }, port: undefined }],
    ['production with a port', { env: { NODE_ENV: 'production', PROSPECTKIT_SMTP_PORT: '25' }, port: 25 }],
    ['off', { env: { PROSPECTKIT_SMTP_PORT: 'off' }, port: undefined }],
    ['0 picks a free port', { env: { PROSPECTKIT_SMTP_PORT: '0' }, port: 0 }],
  ])('%s', (_name, { env, port }) => {
    expect(loadMailConfig(env).smtpPort).toBe(port);
  });

  it('has defaults', () => {
    expect(loadMailConfig({})).toEqual({
      smtpPort: 2525,
      smtpPortIsDefault: true,
      smtpHost: '127.0.0.1',
      tls: undefined,
      maxMessageBytes: DEFAULT_MAX_MESSAGE_BYTES,
      limits: DEFAULT_SMTP_LIMITS,
      htmlLimits: DEFAULT_EMAIL_HTML_LIMITS,
      quota: DEFAULT_MAIL_QUOTA,
      workerThreads: DEFAULT_MAIL_THREADS,
      skipLoopbackSenderChecks: true,
      inboundDomain: 'localhost',
      relayUrl: undefined,
    });
  });

  it.each<[string, NodeJS.ProcessEnv, RegExp]>([
    [
      'a port out of range',
      { PROSPECTKIT_SMTP_PORT: '70000' },
      /PROSPECTKIT_SMTP_PORT must be a whole number/,
    ],
    ['a certificate without a key', { PROSPECTKIT_SMTP_TLS_CERT: '/c.pem' }, /go together/],
    ['a domain with a space', { PROSPECTKIT_INBOUND_DOMAIN: 'in example' }, /PROSPECTKIT_INBOUND_DOMAIN/],
    ['an http relay', { PROSPECTKIT_SMTP_RELAY_URL: 'http://relay' }, /smtp:\/\/ or smtps:\/\//],
    ['a tiny size limit', { PROSPECTKIT_SMTP_MAX_BYTES: '10' }, /PROSPECTKIT_SMTP_MAX_BYTES/],
    ['a host name to bind', { PROSPECTKIT_SMTP_HOST: 'mail.example.com' }, /PROSPECTKIT_SMTP_HOST/],
    [
      'no connections at all',
      { PROSPECTKIT_SMTP_MAX_CONNECTIONS: '0' },
      /PROSPECTKIT_SMTP_MAX_CONNECTIONS must/,
    ],
    [
      'a rate that is no number',
      { PROSPECTKIT_SMTP_MESSAGES_PER_MINUTE: 'lots' },
      /PROSPECTKIT_SMTP_MESSAGES_PER_MINUTE/,
    ],
    ['too many recipients', { PROSPECTKIT_SMTP_MAX_RECIPIENTS: '5000' }, /PROSPECTKIT_SMTP_MAX_RECIPIENTS/],
    ['a tiny quota', { PROSPECTKIT_MAIL_QUOTA_BYTES: '10' }, /PROSPECTKIT_MAIL_QUOTA_BYTES/],
    ['an HTML depth of 0', { PROSPECTKIT_MAIL_HTML_MAX_DEPTH: '0' }, /PROSPECTKIT_MAIL_HTML_MAX_DEPTH/],
    ['no mail threads', { PROSPECTKIT_MAIL_THREADS: '0' }, /PROSPECTKIT_MAIL_THREADS/],
  ])('refuses %s', (_name, env, message) => {
    expect(() => loadMailConfig(env)).toThrow(message);
  });

  it('checks the senders of loopback mail everywhere but development', () => {
    expect(loadMailConfig({ NODE_ENV: 'production' }).skipLoopbackSenderChecks).toBe(false);
    expect(loadMailConfig({ NODE_ENV: 'test' }).skipLoopbackSenderChecks).toBe(false);
  });

  it('never echoes the relay password', () => {
    const attempt = () => loadMailConfig({ PROSPECTKIT_SMTP_RELAY_URL: 'ftp://user:s3cret@relay' });
    expect(attempt).toThrow(RangeError);
    expect(() => attempt()).not.toThrow(/s3cret/);
  });
});
