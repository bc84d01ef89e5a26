import { describe, expect, it } from 'vitest';
import { allowHeader } from './allow-header.js';

describe('allowHeader', () => {
  it.each<[string, string[], string]>([
    ['GET and POST', ['get', 'post'], 'POST, HEAD, GET'],
    ['GET and PATCH, HEAD already listed', ['PATCH', 'HEAD', 'GET'], 'PATCH, HEAD, GET'],
    ['POST alone, no HEAD', ['POST'], 'POST'],
    ['padded names', [' get', 'patch '], 'PATCH, HEAD, GET'],
  ])('%s', (_name, methods, want) => {
    expect(allowHeader(methods)).toBe(want);
  });
});
