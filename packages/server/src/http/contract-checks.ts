import {
  allowedMethods,
  allowHeader,
  type CheckSteps,
  type ContractOperation,
  matchOperation,
  nulIssues,
  type QueryObject,
  runChecks,
  toValidationBody,
  validateRequest,
} from '@prospectkit/core';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { GrantCache } from '../auth/grant-cache.js';
import type { TokenGrant } from '../auth/token-grant.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import { apiRateLimit } from '../rate-limit/rate-limit.js';
import { getProspect } from '../store/prospects.js';
import { ApiError, notFound, validationFailed } from './api-error.js';
import { authenticate } from './authenticate.js';
import { setDeprecationHeaders } from './deprecation-notice.js';
import { jsonBody } from './json-body.js';

declare module 'express-serve-static-core' {
  interface Request {
    grant?: TokenGrant;
    /** The contract's operation of the method and path, once matched. */
    contractOperation?: ContractOperation;
    /** The prospect id named in the path, percent-decoded (see core's `matchOperation`). */
    prospectIdParam?: string;
  }
}

/** Dependencies of {@link contractChecks}. */
export interface ContractChecksOptions {
  db: Database;
  clock: Clock;
  logger: Logger;
  limiter: RateLimiterAbstract;
  /** Cached token grants. Default: every request looks its token up. */
  grants?: GrantCache | undefined;
}

interface Exchange {
  req: Request;
  res: Response;
  next: NextFunction;
  /** The query as the `validate` step typed it, for the steps after it. */
  query?: Record<string, unknown>;
}

/**
 * The API's checks before an operation, in the contract's order (core's `ORDER_OF_CHECKS`): this file supplies
 * each step for Express and PostgreSQL; the order itself and the request validation are core's, shared with the
 * mock. A request that passes every check goes on (`next()`) to its operation with `req.grant`,
 * `req.contractOperation`, `req.prospectIdParam`, a valid body and the query with its types and defaults.
 *
 * @see openapi.yaml `info.description` (Order of checks)
 */
export function contractChecks(options: ContractChecksOptions) {
  const { db } = options;
  const rateLimit = apiRateLimit({ limiter: options.limiter, logger: options.logger });
  const authenticated = authenticate(db, options.clock, options.grants);
  const steps: CheckSteps<Exchange, ApiError> = {
    rateLimit: async ({ req, res }) =>
      (await rateLimit(req.ip, res)) ? new ApiError(429, 'Too Many Attempts.') : undefined,
    async authenticate({ req }) {
      const grant = await authenticated(req.get('authorization'));
      if (grant instanceof ApiError) return grant;
      req.grant = grant;
      return undefined;
    },
    ability({ req }) {
      const operation = req.contractOperation;
      if (!operation || req.grant?.abilities.includes(operation.ability)) return undefined;
      return new ApiError(403, `This token lacks the ${operation.ability} ability.`);
    },
    media: ({ req, res }) => jsonBody(req, res),
    route({ req }) {
      if (req.contractOperation) return undefined;
      const { path } = matchOperation(req.method, req.path);
      if (!path) return new ApiError(404, 'Not found.');
      return new ApiError(405, 'Method not allowed.', undefined, {
        Allow: allowHeader(allowedMethods(path)),
      });
    },
    async prospect({ req }) {
      if (!req.contractOperation?.hasProspectId) return undefined;
      const id = req.prospectIdParam;
      // A segment that is not valid percent-encoding, or an id with NUL (PostgreSQL text cannot hold it), names
      // no prospect that can exist.
      if (id === undefined || id.includes('\u0000')) return notFound();
      // Without a body there is nothing left to refuse with 422, and the operation answers 404 itself: the
      // lookup here would only repeat the operation's.
      if (req.body === undefined) return undefined;
      const found = await getProspect(db, (req.grant as TokenGrant).workspaceId, id);
      return found ? undefined : notFound();
    },
    validate(exchange) {
      const { req } = exchange;
      const operation = req.contractOperation as ContractOperation;
      const result = validateRequest(operation.operationId, req.query as QueryObject, req.body);
      if (!result.ok) return validationFailed(toValidationBody(result.issues));
      exchange.query = result.query;
      // Express 5 parses `req.query` afresh on every read; an own property is what the operation then reads.
      // Only an operation with query parameters reads it, and then its defaults are there: defining a property
      // on every request would cost each one (docs/benchmarks.md, "The server's overhead").
      if (Object.keys(result.query).length > 0)
        Object.defineProperty(req, 'query', {
          value: result.query,
          writable: true,
          configurable: true,
          enumerable: true,
        });
      return undefined;
    },
    nul(exchange) {
      const issues = nulIssues(exchange.query, exchange.req.body);
      return issues.length > 0 ? validationFailed(toValidationBody(issues)) : undefined;
    },
    operation({ next }) {
      next();
      return undefined;
    },
  };
  return async (req: Request, res: Response, next: NextFunction) => {
    const match = matchOperation(req.method, req.path);
    if (match.operation) {
      req.contractOperation = match.operation;
      req.prospectIdParam = match.prospectId;
      setDeprecationHeaders(req, res, match.operation);
    }
    try {
      const answer = await runChecks(steps, { req, res, next });
      if (answer) next(answer);
    } catch (error) {
      next(error);
    }
  };
}
