// The workerd suite: bundle worker.mjs as wrangler would (esbuild, the "workerd" and "worker" export conditions),
// run it in Cloudflare's workerd through miniflare, and post a signed and a forged delivery to it.
// Run by Node 22+ (miniflare's floor) from the consumer project; PK_TOOLS_DIR is the runtime cache's node_modules.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { check, done, expect, SECRET } from './report.mjs';
import { receiverAnswers } from './webhook-checks.mjs';

const tools = createRequire(join(process.env.PK_TOOLS_DIR, 'package.json'));
const esbuild = await import(pathToFileURL(tools.resolve('esbuild')).href);
const { Miniflare } = await import(pathToFileURL(tools.resolve('miniflare')).href);
const webhooks = await import('@prospectkit/webhooks');

let script;
await check('webhooks', 'bundles for workerd', async () => {
  const result = await esbuild.build({
    entryPoints: ['worker.mjs'],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    logLevel: 'silent',
  });
  script = result.outputFiles[0].text;
  // A Node built-in in the bundle would fail at deploy time without nodejs_compat.
  const builtins = [...script.matchAll(/from\s*["'](node:[a-z_/]+)["']/g)].map((m) => m[1]);
  expect(builtins.length === 0, `imports ${builtins.join(', ')}`);
  return `${Math.round(script.length / 1024)} KiB`;
});

let mf;
await check('webhooks', 'fetch handler in workerd', async () => {
  mf = new Miniflare({
    modules: true,
    script,
    compatibilityDate: '2025-09-01',
    bindings: { PROSPECTKIT_WEBHOOK_SECRET: SECRET },
    host: '127.0.0.1',
    port: 0,
  });
  const url = new URL('/webhooks', await mf.ready).href;
  return receiverAnswers(webhooks, url);
});
await mf?.dispose();

done();
process.exit(0);
