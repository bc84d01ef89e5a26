import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { apiChain } from './api-chain.js';

/** Runs the chain on a request for `url`; resolves to what reached the app's next layer and what the API saw. */
async function run(url: string, handlers: RequestHandler[]) {
  const req = { url, baseUrl: '' } as Request;
  const seen: string[] = [];
  const left = await new Promise<{ error: unknown; url: string; baseUrl: string }>((resolve) => {
    const next = ((error?: unknown) =>
      resolve({ error, url: req.url, baseUrl: req.baseUrl })) as NextFunction;
    apiChain('/api/v1', [
      (inner, _res, step) => {
        seen.push(`${inner.baseUrl} ${inner.url}`);
        step();
      },
      ...handlers,
    ])(req, {} as Response, next);
  });
  return { ...left, seen };
}

describe('apiChain', () => {
  it('shows the API its paths relative to /api/v1, and restores the URL for the layers after it', async () => {
    const passOn: RequestHandler = (_req, _res, next) => next();
    expect(await run('/api/v1/prospects?page=2', [passOn])).toEqual({
      error: undefined,
      url: '/api/v1/prospects?page=2',
      baseUrl: '',
      seen: ['/api/v1 /prospects?page=2'],
    });
    expect((await run('/api/v1', [passOn])).seen).toEqual(['/api/v1 /']);
    expect((await run('/api/v1?x=1', [passOn])).seen).toEqual(['/api/v1 /?x=1']);
    expect((await run('/API/V1/prospects', [passOn])).seen).toEqual(['/API/V1 /prospects']);
  });

  it('leaves other paths to the app untouched', async () => {
    for (const url of ['/api/v10/prospects', '/api', '/sign-in', '/apiv1']) {
      expect(await run(url, [])).toEqual({ error: undefined, url, baseUrl: '', seen: [] });
    }
  });

  it("passes a thrown error, a rejected promise's and next(error) on to the app's error handler", async () => {
    const boom = new Error('boom');
    const thrown: RequestHandler = () => {
      throw boom;
    };
    const rejected: RequestHandler = async () => {
      throw boom;
    };
    const passed: RequestHandler = (_req, _res, next) => next(boom);
    for (const handler of [thrown, rejected, passed]) {
      const left = await run('/api/v1/prospects', [handler]);
      expect(left).toMatchObject({ error: boom, url: '/api/v1/prospects', baseUrl: '' });
    }
  });

  it('stops where a handler answers: the app never sees the request', async () => {
    let answered = false;
    const req = { url: '/api/v1/prospects', baseUrl: '' } as Request;
    apiChain('/api/v1', [
      () => {
        answered = true;
      },
    ])(req, {} as Response, () => {
      throw new Error('reached the app');
    });
    expect(answered).toBe(true);
  });
});
