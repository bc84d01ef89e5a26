import { randomBytes } from 'node:crypto';
import { createThrowawayDatabase } from '../database.js';
import { type ServerProcess, startServerProcess } from '../server-process.js';
import type { PartEnvironment } from './part.js';

const OWNER = 'owner@hardening.example';
const PASSWORD = 'hardening owner password, long enough';

/** A visitor with its own cookies and client address (the server trusts loopback's X-Forwarded-For). */
class Visitor {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly origin: string,
    readonly address: string,
  ) {}

  async request(method: string, path: string, body?: string, type = 'application/x-www-form-urlencoded') {
    const response = await fetch(`${this.origin}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        'X-Forwarded-For': this.address,
        ...(this.cookies.size ? { Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(body !== undefined ? { 'Content-Type': type } : {}),
      },
      ...(body !== undefined ? { body } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [name, value] = (cookie.split(';')[0] ?? '').split('=');
      if (name) this.cookies.set(name, value ?? '');
    }
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  /** The sign-in form's token (and its nonce cookie). */
  async formToken(path = '/sign-in'): Promise<string> {
    const page = await this.request('GET', path);
    return /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
  }
}

/**
 * Part 6: the app's sign-in under attack, against a server process on PostgreSQL: a burst of guesses at one
 * account from many addresses is checked at most 10 times (the per-account limit holds across addresses), forms
 * without their token change nothing, one-time links cannot be guessed, hostile sign-in and passkey bodies never
 * get a 5xx, and browsing never spends the API's per-address budget.
 */
export async function authPart(env: PartEnvironment): Promise<void> {
  const part = 'auth';
  const { tally } = env;
  const database = await createThrowawayDatabase(env.databaseUrl, 'auth');
  let server: ServerProcess | undefined;
  const seen = (status: number, what: string) => {
    tally.requestsSent++;
    if (status >= 500) {
      tally.serverErrors++;
      tally.find(part, '5xx', `${what} -> ${status}`);
    }
  };
  try {
    server = await startServerProcess({
      databaseUrl: database.url,
      rateLimit: 60,
      env: {
        PROSPECTKIT_OWNER_EMAIL: OWNER,
        PROSPECTKIT_ADMIN_PASSWORD: PASSWORD,
        PROSPECTKIT_TRUST_PROXY: 'loopback',
      },
    });
    const origin = server.baseUrl.replace(/\/api\/v1$/, '');

    // 1. Browsing 100 pages from one address leaves that address the API's whole budget.
    const browser = new Visitor(origin, '198.51.100.1');
    for (let i = 0; i < 100; i++) seen((await browser.request('GET', '/sign-in')).status, 'GET /sign-in');
    const api = await fetch(`${server.baseUrl}/prospects`, {
      headers: { 'X-Forwarded-For': '198.51.100.1' },
    });
    await api.body?.cancel();
    seen(api.status, 'GET /prospects');
    tally.figure('auth: API budget left after 100 pages', String(api.headers.get('x-ratelimit-remaining')));
    if (api.headers.get('x-ratelimit-remaining') !== '59') tally.fail(part, 'browsing spent the API budget');

    // 2. Forms without their token change nothing (403), signed in or not.
    const noToken = await new Visitor(origin, '198.51.100.2').request(
      'POST',
      '/sign-in',
      `email=${OWNER}&password=${encodeURIComponent(PASSWORD)}`,
    );
    seen(noToken.status, 'POST /sign-in without token');
    if (noToken.status !== 403) tally.fail(part, `sign-in without its token answered ${noToken.status}`);
    const outsider = await new Visitor(origin, '198.51.100.3').request('POST', '/workspaces', 'name=Hijack');
    seen(outsider.status, 'POST /workspaces without a session');
    if (outsider.status !== 403 && outsider.status !== 303)
      tally.fail(part, `a form without session answered ${outsider.status}`);

    // 3. Guessed one-time links: all the same 404.
    for (let i = 0; i < 100; i++) {
      const kind = i % 2 ? 'invitations' : 'password-reset';
      const token = i % 10 === 0 ? `..%2F..%2F${i}` : randomBytes(32).toString('base64url');
      const page = await new Visitor(origin, `198.51.100.${10 + (i % 50)}`).request(
        'GET',
        `/${kind}/${token}`,
      );
      seen(page.status, `GET /${kind}/<guess>`);
      if (page.status !== 404) tally.fail(part, `a guessed ${kind} link answered ${page.status}`);
    }

    // 4. Hostile sign-in and passkey bodies: never a 5xx.
    const hostile = new Visitor(origin, '198.51.100.99');
    const token = await hostile.formToken();
    const bodies: Array<[string, string, string]> = [
      [
        '/sign-in',
        `_csrf=${token}&email=${'a'.repeat(100_000)}&password=x`,
        'application/x-www-form-urlencoded',
      ],
      ['/sign-in', `_csrf=${token}&email[]=a&email[]=b&password[x]=1`, 'application/x-www-form-urlencoded'],
      [
        '/sign-in/passkey',
        JSON.stringify({ _csrf: token, response: { id: 'x'.repeat(5000), response: {} } }),
        'application/json',
      ],
      ['/sign-in/passkey', JSON.stringify({ _csrf: token, response: null }), 'application/json'],
      ['/sign-in/passkey', '{"_csrf":', 'application/json'],
      ['/sign-in/passkey/options', JSON.stringify({ _csrf: token }), 'application/json'],
      [
        '/sign-in/second-factor',
        `_csrf=${token}&code=${'9'.repeat(50)}`,
        'application/x-www-form-urlencoded',
      ],
      [
        '/password-reset',
        `_csrf=${token}&email=${encodeURIComponent(`${OWNER}\r\nBcc: x@evil.example`)}`,
        'application/x-www-form-urlencoded',
      ],
    ];
    for (const [path, body, type] of bodies)
      seen((await hostile.request('POST', path, body, type)).status, `POST ${path}`);

    // 5. 30 guesses at once at the owner's account from 30 addresses: the account's limit checks at most 10.
    const answers = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const guesser = new Visitor(origin, `203.0.113.${i + 1}`);
        const csrf = await guesser.formToken();
        const answer = await guesser.request(
          'POST',
          '/sign-in',
          `_csrf=${csrf}&email=${OWNER}&password=guess${i}`,
        );
        seen(answer.status, 'POST /sign-in guess');
        return answer.status;
      }),
    );
    const checked = answers.filter((s) => s === 401).length;
    tally.figure('auth: guesses checked of 30 at one account', checked);
    if (checked > 10) {
      tally.rateLimitBreaches++;
      tally.find(part, 'rate limit', `${checked} of 30 guesses at one account were checked (limit 10)`);
    }
    if (answers.some((s) => s !== 401 && s !== 429))
      tally.fail(part, `guesses answered ${[...new Set(answers)].join(', ')}`);
    if (server.crashed) tally.serverExits++;
  } finally {
    await server?.stop();
    await database.drop();
  }
}
