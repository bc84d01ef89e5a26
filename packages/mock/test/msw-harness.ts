import { type SetupServer, setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createProspectKitMock, type ProspectKitMock, type ProspectKitMockOptions } from '../src/index.js';

export const BASE_URL = 'http://api.test/api/v1';

/**
 * A mock behind msw for one test file: listening before the tests, reset after each, closed at the end. Unhandled
 * requests fail the test.
 */
export function useMock(options: Partial<ProspectKitMockOptions> = {}): {
  mock: ProspectKitMock;
  msw: SetupServer;
} {
  const mock = createProspectKitMock({ baseUrl: BASE_URL, ...options });
  const msw = setupServer(...mock.handlers);
  beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    msw.resetHandlers();
    mock.reset();
  });
  afterAll(() => msw.close());
  return { mock, msw };
}

/** Calls the mocked API with a bearer token (default `test-token`) and a JSON body. */
export async function api(
  method: string,
  path: string,
  options: { token?: string | null; body?: unknown; headers?: Record<string, string>; baseUrl?: string } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== null) headers.Authorization = `Bearer ${options.token ?? 'test-token'}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${options.baseUrl ?? BASE_URL}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: bodies are checked with toEqual
  const body: any = text === '' ? undefined : JSON.parse(text);
  return { status: response.status, headers: response.headers, body };
}
