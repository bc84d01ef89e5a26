import { type FieldIssue, toValidationBody } from '@prospectkit/core';
import type { NextFunction, Request, Response } from 'express';
import { notFound, validationFailed } from './api-error.js';

function collect(value: unknown, path: string[], issues: FieldIssue[]): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) {
      const field = path.join('.');
      issues.push({ path, keyword: 'nul', message: `The ${field} field must not contain NUL characters.` });
    }
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) collect(item, [...path, String(i)], issues);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) collect(item, [...path, key], issues);
  }
}

/**
 * Refuses U+0000 in a schema-valid body or `search` with 422 (404 in a path id): PostgreSQL text cannot hold it, so it would
 * otherwise fail as a 500 at the database.
 */
export function rejectNul(req: Request, _res: Response, next: NextFunction): void {
  // No id with NUL exists (none can be stored): 404 like any unknown id, before any 422 (check 5 before 6).
  if (req.prospectIdParam?.includes('\u0000')) {
    next(notFound());
    return;
  }
  const issues: FieldIssue[] = [];
  collect((req.query as { search?: unknown }).search, ['search'], issues);
  if (req.body !== undefined) collect(req.body, [], issues);
  next(issues.length > 0 ? validationFailed(toValidationBody(issues)) : undefined);
}
