/** A response as the settings tests look at it. */
export interface PageAnswer {
  status: number;
  headers: Headers;
  text: string;
  location: string | null;
}

/**
 * A tiny browser stand-in for in-process HTTP tests of the settings area: keeps cookies, never follows
 * redirects, and reads the CSRF token out of a page's forms.
 */
export class SettingsClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly origin: string,
    readonly headers: Record<string, string> = {},
  ) {}

  async request(method: string, path: string, form?: Record<string, string | string[]>): Promise<PageAnswer> {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(form ?? {})) {
      for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
    }
    const response = await fetch(`${this.origin}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...this.headers,
        ...(this.cookies.size ? { Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: body.toString() } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, value] = (pair ?? '').split('=');
      if (!name) continue;
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value ?? '');
    }
    return {
      status: response.status,
      headers: response.headers,
      text: await response.text(),
      location: response.headers.get('location'),
    };
  }

  get(path: string): Promise<PageAnswer> {
    return this.request('GET', path);
  }

  /** Loads `path` and returns the CSRF token of its first form. */
  async csrf(path: string): Promise<string> {
    const page = await this.get(path);
    const match = /name="_csrf" value="([^"]+)"/.exec(page.text);
    if (!match) throw new Error(`No CSRF field on ${path} (status ${page.status}).`);
    return match[1] as string;
  }

  /** Posts a form from `from` (a page with a form), with that page's CSRF token. */
  async submit(
    from: string,
    action: string,
    form: Record<string, string | string[]> = {},
  ): Promise<PageAnswer> {
    return this.request('POST', action, { _csrf: await this.csrf(from), ...form });
  }

  /** Signs in with the sign-in form (the test owner's address unless another is given). */
  async signIn(password: string, email = 'owner@example.com'): Promise<PageAnswer> {
    return this.submit('/sign-in', '/sign-in', { email, password });
  }
}
