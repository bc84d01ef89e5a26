// `npm run test:hardening`: the reference server under fuzzing and hostile input, the conformance suite through
// Prism, several instances on one database, mail from strangers, unreasonable CSV shapes, crashes and a soak. HARDENING_LEVEL=ci (default) or long; HARDENING_PARTS picks
// parts (comma-separated names); HARDENING_SEED replays a fuzz run. Needs TEST_DATABASE_URL (PostgreSQL).
import { ContractChecker } from './contract.js';
import { authPart } from './parts/auth-part.js';
import { crashesPart } from './parts/crashes-part.js';
import { fuzzPart } from './parts/fuzz-part.js';
import { importShapePart } from './parts/import-shape-part.js';
import { instancesPart } from './parts/instances-part.js';
import { mailPart } from './parts/mail-part.js';
import type { Part } from './parts/part.js';
import { prismPart } from './parts/prism-part.js';
import { soakPart } from './parts/soak-part.js';
import { loadSettings } from './settings.js';
import { Tally } from './tally.js';

/**
 * How a part is scheduled. `alongside`: it starts and the next parts start without waiting for it; its
 * invariants do not depend on timing and most of it is waiting (crashes waits out a 60 s delivery lease).
 * `alone`: every earlier part has finished before it starts (the soak measures latency and memory).
 */
interface Scheduled {
  run: Part;
  alongside?: boolean;
  alone?: boolean;
}

// In this order: crashes first, so that its waiting overlaps the CPU-bound parts.
const PARTS: Record<string, Scheduled> = {
  crashes: { run: crashesPart, alongside: true },
  fuzz: { run: fuzzPart },
  prism: { run: prismPart },
  instances: { run: instancesPart },
  mail: { run: mailPart },
  'import-shape': { run: importShapePart },
  auth: { run: authPart },
  soak: { run: soakPart, alone: true },
};

async function main(): Promise<number> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) {
    console.error(
      'test:hardening: set TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test (its role must create databases).',
    );
    return 2;
  }
  const settings = loadSettings();
  const chosen = (process.env.HARDENING_PARTS || Object.keys(PARTS).join(','))
    .split(',')
    .map((s) => s.trim());
  const unknown = chosen.filter((name) => !PARTS[name]);
  if (unknown.length) {
    console.error(
      `test:hardening: unknown part ${unknown.join(', ')}; parts: ${Object.keys(PARTS).join(', ')}.`,
    );
    return 2;
  }
  const tally = new Tally();
  const checker = new ContractChecker();
  console.log(`test:hardening level=${settings.level} seed=${settings.seed} parts=${chosen.join(',')}`);
  const startedAt = Date.now();
  const running: Array<Promise<void>> = [];
  const runPart = async (name: string, scheduled: Scheduled) => {
    const partStart = Date.now();
    try {
      await scheduled.run({ settings, tally, checker, databaseUrl });
    } catch (error) {
      tally.fail(name, (error as Error).stack ?? String(error));
    }
    const seconds = ((Date.now() - partStart) / 1000).toFixed(1);
    tally.figure(`time: ${name}`, `${seconds} s${scheduled.alongside ? ' (alongside the next parts)' : ''}`);
    console.log(`    ${name} done in ${seconds} s (requests so far: ${tally.requestsSent})`);
  };
  for (const [name, scheduled] of Object.entries(PARTS).filter(([name]) => chosen.includes(name))) {
    if (scheduled.alone) await Promise.all(running.splice(0));
    console.log(`\n==> ${name}${scheduled.alongside ? ' (alongside the next parts)' : ''}`);
    const done = runPart(name, scheduled);
    if (scheduled.alongside) running.push(done);
    else await done;
  }
  await Promise.all(running);
  tally.figure('time: total', `${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  console.log(`\nHardening summary (level ${settings.level}, seed ${settings.seed})\n`);
  console.log(tally.summary());
  console.log(
    tally.ok ? '\nEvery invariant held.' : '\nFAILED: an invariant broke (see the findings above).',
  );
  return tally.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
