// `npm run test:hardening`: the reference server under fuzzing and hostile input, several
// instances on one database, crashes and a soak. HARDENING_LEVEL=ci (default) or long; HARDENING_PARTS picks
// parts (comma-separated names); HARDENING_SEED replays a fuzz run. Needs TEST_DATABASE_URL (PostgreSQL).
import { ContractChecker } from './contract.js';
import { crashesPart } from './parts/crashes-part.js';
import { fuzzPart } from './parts/fuzz-part.js';
import { instancesPart } from './parts/instances-part.js';
import type { Part } from './parts/part.js';
import { prismPart } from './parts/prism-part.js';
import { soakPart } from './parts/soak-part.js';
import { loadSettings } from './settings.js';
import { Tally } from './tally.js';

const PARTS: Record<string, Part> = {
  fuzz: fuzzPart,
  prism: prismPart,
  instances: instancesPart,
  crashes: crashesPart,
  soak: soakPart,
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
  for (const name of chosen) {
    const partStart = Date.now();
    console.log(`\n==> ${name}`);
    try {
      await (PARTS[name] as Part)({ settings, tally, checker, databaseUrl });
    } catch (error) {
      tally.fail(name, (error as Error).stack ?? String(error));
    }
    const seconds = ((Date.now() - partStart) / 1000).toFixed(1);
    tally.figure(`time: ${name}`, `${seconds} s`);
    console.log(`    done in ${seconds} s (requests so far: ${tally.requestsSent})`);
  }
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
