// The server child of `npm run bench:compression`: the reference app on a fresh PostgreSQL schema with 300
// realistic prospects, and, for the measurement only, the API wrapped in the same compression middleware as the
// app's pages (the product leaves the API uncompressed: docs/benchmarks.md, "Compression"). Prints one line,
// `ready <port> <token> <workspace id>`.
import { constants } from 'node:zlib';
import { prospectRows } from '@prospectkit/fake-data';
import {
  ABILITIES,
  createApiToken,
  createApp,
  createLimiter,
  createLogger,
  createWorkspace,
  migrate,
  openDatabase,
} from '@prospectkit/server';
import compression from 'compression';
import express from 'express';
import rateLimiterFlexible from 'rate-limiter-flexible';
import { ensureOwner } from '../packages/server/src/people/ensure-owner.js';
import { addInstallationOwners } from '../packages/server/src/store/members.js';

const schema = `pk_bench_compression_${process.pid}`;
const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL as string, schema });
await migrate(db);
const workspace = await createWorkspace(db, 'Compression bench');
// The person who signs in to read the app's pages: the installation's owner, owner of the workspace.
await ensureOwner(db, {
  email: 'owner@bench.example',
  password: process.env.BENCH_ADMIN_PASSWORD,
  generate: false,
});
await db.transaction((tx) => addInstallationOwners(tx, workspace.id));
const now = new Date();
const { token } = await createApiToken(db, {
  workspaceId: workspace.id,
  name: 'bench',
  abilities: ABILITIES,
  expiresAt: new Date(now.getTime() + 86_400_000),
  now,
});
const limiter = createLimiter(db, 1_000_000);
const app = createApp({
  db,
  logger: createLogger('warn'),
  limiter: limiter.limiter,
  signInLimiter: limiter.signInLimiter,
  // The app's page limit (300 a minute per session) would refuse a saturating load generator from its first
  // second; the bench measures compression, so the one session it signs in with gets a limit it never reaches.
  pageLimiter: new rateLimiterFlexible.RateLimiterMemory({ points: 1_000_000_000, duration: 60 }),
  validateResponses: false,
});
const outer = express();
outer.use(
  '/api/v1',
  compression({ threshold: 1024, brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } } }),
);
outer.use(app);
const server = outer.listen(0, '127.0.0.1', async () => {
  const port = (server.address() as { port: number }).port;
  for (const row of prospectRows({ seed: 30, count: 300 })) {
    await fetch(`http://127.0.0.1:${port}/api/v1/prospects`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(row),
    });
  }
  process.stdout.write(`ready ${port} ${token} ${workspace.id}\n`);
});
const stop = async () => {
  server.closeAllConnections();
  server.close();
  await db.query(`drop schema ${schema} cascade`).catch(() => {});
  await limiter.close();
  await db.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
